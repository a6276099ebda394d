// The rules editor: CodeMirror 6, with the library's checker as its linter, so each
// problem is underlined where `tabula check` places it and says what it says.
import { EditorState } from '@codemirror/state';
import { EditorView, keymap, lineNumbers, highlightActiveLine, drawSelection } from '@codemirror/view';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { linter, lintGutter, forceLinting } from '@codemirror/lint';
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

/**
 * An editor in `parent`; `check(text)` gives the library's problems of a text
 * (`{problems: [...]}` as the binding's `check` returns), `onChecked` hears each result.
 */
export function createEditor(parent, { check, onChecked }) {
  const rulesLinter = linter(
    (view) => {
      const text = view.state.doc.toString();
      const result = check(text);
      onChecked(result, text);
      const own = result.problems.filter((p) => p.file === result.file);
      return own.map((p) => {
        const from = position(view.state.doc, p.line, p.column);
        let to = position(view.state.doc, p.end_line, p.end_column);
        if (to <= from) to = Math.min(from + 1, view.state.doc.length);
        return { from, to, severity: p.severity, message: p.rendered.trimEnd() };
      });
    },
    { delay: 300 },
  );
  const view = new EditorView({
    parent,
    state: EditorState.create({
      doc: '',
      extensions: [
        lineNumbers(),
        history(),
        drawSelection(),
        highlightActiveLine(),
        keymap.of([...defaultKeymap, ...historyKeymap, indentWithTab]),
        rulesLanguage,
        lintGutter(),
        rulesLinter,
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
  };
}
