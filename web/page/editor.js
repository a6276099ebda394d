// The rules editor: CodeMirror 6, with the library's checker as its linter, so each
// problem is underlined where `tabula check` places it and says what it says, with its
// suggested edits as fixes to click; and the library's language services (those of
// `tabula lsp`) for hover, completion, go to definition and formatting.
import { EditorState } from '@codemirror/state';
import { EditorView, keymap, lineNumbers, highlightActiveLine, drawSelection, hoverTooltip } from '@codemirror/view';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { linter, lintGutter, forceLinting } from '@codemirror/lint';
import { autocompletion, completionKeymap } from '@codemirror/autocomplete';
import { StreamLanguage } from '@codemirror/language';

// Comments and strings told apart; the words of the language are the grammar's.
const rulesLanguage = StreamLanguage.define({
  token(stream) {
    if (stream.match('//')) {
      stream.skipToEnd();
      return 'comment';
    }
    if (stream.match(/^"""/)) {
      while (!stream.eol() && !stream.match('"""')) stream.next();
      return 'string';
    }
    if (stream.match(/^"([^"\\]|\\.)*"?/)) return 'string';
    if (stream.match(/^[0-9]+/)) return 'number';
    stream.next();
    return null;
  },
});

/** The position in `doc` of a 1-based line and column (columns in characters). */
function position(doc, line, column) {
  const l = doc.line(Math.min(Math.max(line, 1), doc.lines));
  let at = l.from;
  for (let k = 1; k < column && at < l.to; k++) {
    const code = doc.sliceString(at, at + 1).charCodeAt(0);
    at += code >= 0xd800 && code < 0xdc00 ? 2 : 1;
  }
  return at;
}

/** Markdown as the services write it (fenced code, then paragraphs), as elements. */
function markdown(text) {
  const dom = document.createElement('div');
  dom.className = 'cm-tabula-doc';
  const parts = text.split(/```(?:tabula)?\n([\s\S]*?)\n```\n?/);
  parts.forEach((part, k) => {
    if (!part.trim()) return;
    const element = document.createElement(k % 2 ? 'pre' : 'p');
    element.textContent = part.trim();
    dom.append(element);
  });
  return dom;
}

/** The completion list's icon for a kind the services name. */
const completionType = { keyword: 'keyword', function: 'function', 'built-in': 'constant' };

/**
 * An editor in `parent`; `check(text)` gives the library's problems of a text
 * (`{problems: [...]}` as the binding's `check` returns), `onChecked` hears each result;
 * `services` are the binding's `hover`, `complete` and `definition` (of a text and a
 * place in it) and `format` (of a text), each answering JSON.
 */
export function createEditor(parent, { check, onChecked, services }) {
  const rulesLinter = linter(
    (view) => {
      const text = view.state.doc.toString();
      const result = check(text);
      onChecked(result, text);
      const own = result.problems.filter((p) => p.file === result.file);
      const doc = view.state.doc;
      const range = (p) => {
        const from = position(doc, p.line, p.column);
        return { from, to: Math.max(from, position(doc, p.end_line, p.end_column)) };
      };
      return own.map((p) => {
        const { from, to } = range(p);
        const actions = p.suggestions.map((s) => ({
          // Titled as `tabula lsp` titles its quick fixes.
          name: `Replace with \`${s.text}\``,
          apply(view) {
            view.dispatch({ changes: { ...range(s), insert: s.text } });
          },
        }));
        return {
          from,
          to: to > from ? to : Math.min(from + 1, doc.length),
          severity: p.severity,
          source: p.code ?? undefined,
          message: p.rendered.trimEnd(),
          actions,
        };
      });
    },
    { delay: 300 },
  );
  const hover = hoverTooltip((view, pos) => {
    const found = JSON.parse(services.hover(view.state.doc.toString(), pos));
    if (!found) return null;
    return { pos: found.from, end: found.to, above: true, create: () => ({ dom: markdown(found.text) }) };
  });
  const completion = autocompletion({
    override: [
      (context) => {
        const found = JSON.parse(services.complete(context.state.doc.toString(), context.pos));
        if (!context.explicit && found.from === context.pos) return null;
        const n = found.items.length;
        return {
          from: found.from,
          // The services' order (the locals first) kept among equally good matches.
          options: found.items.map((item, k) => ({
            label: item.label,
            type: completionType[item.kind] ?? 'variable',
            detail: item.detail,
            info: item.documentation ? () => markdown(item.documentation) : undefined,
            boost: n > 1 ? Math.round(99 - (198 * k) / (n - 1)) : 0,
          })),
          // A name's characters, as the services read the word being typed.
          validFor: /^[\w-]*$/,
        };
      },
    ],
  });
  /** Moves the cursor to where the name at `pos` is declared; whether it is one. */
  const goToDefinition = (view, pos) => {
    const found = JSON.parse(services.definition(view.state.doc.toString(), pos));
    if (!found) return false;
    view.dispatch({ selection: { anchor: found.from }, scrollIntoView: true });
    view.focus();
    return true;
  };
  const navigation = [
    keymap.of([{ key: 'F12', run: (view) => goToDefinition(view, view.state.selection.main.head) }]),
    EditorView.domEventHandlers({
      mousedown(event, view) {
        if (!(event.ctrlKey || event.metaKey) || event.button !== 0) return false;
        const pos = view.posAtCoords({ x: event.clientX, y: event.clientY });
        if (pos == null || !goToDefinition(view, pos)) return false;
        event.preventDefault();
        return true;
      },
    }),
  ];
  const view = new EditorView({
    parent,
    state: EditorState.create({
      doc: '',
      extensions: [
        lineNumbers(),
        history(),
        drawSelection(),
        highlightActiveLine(),
        keymap.of([...completionKeymap, ...defaultKeymap, ...historyKeymap, indentWithTab]),
        rulesLanguage,
        lintGutter(),
        rulesLinter,
        hover,
        completion,
        navigation,
        EditorView.theme({ '.cm-content': { fontFamily: 'ui-monospace, monospace' } }),
      ],
    }),
  });
  return {
    view,
    get text() {
      return view.state.doc.toString();
    },
    set text(value) {
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: value } });
      forceLinting(view);
    },
    /** Lays the text out as `tabula fmt` does, as one undoable change: the syntax
     * error's text when it does not parse, else null. */
    format() {
      const laid = JSON.parse(services.format(view.state.doc.toString()));
      if (laid.error) return laid.error;
      if (laid.text !== view.state.doc.toString()) {
        view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: laid.text } });
      }
      return null;
    },
  };
}
