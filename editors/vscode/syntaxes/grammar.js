// The TextMate grammar of the rules language, written here so that the patterns it
// repeats (a name, where a word ends, a binary operator) are spelt once;
// `npm run grammar` writes syntaxes/tabula.tmLanguage.json from it, the file VS Code
// reads, and test/grammar-source.test.js checks that the two agree.
//
// The words and functions listed here are those of interpreter/services/reference.rs
// (test/words.test.js holds them to that table). TextMate sees one line at a time and
// knows no names, so a word of the language that a file uses as a name (a pool called
// `hand`, a phase called `play`) is told by the marks around it: an index after it
// (`hand[p]`), a binary operator beside it (`phase == play`), or its place in a list
// of names (`actions move, take`). The semantic tokens of `tabula lsp` draw each name
// by what it stands for on top of this.
'use strict';

/** A name: a letter or `_`, then letters, digits and `_`, a `-` joining words. */
const NAME = '[A-Za-z_][A-Za-z0-9_]*(?:-[A-Za-z][A-Za-z0-9_]*)*';
/** Where a word ends: no name character after it, nor a `-` that joins a word. */
const END = '(?![A-Za-z0-9_]|-[A-Za-z])';
/** Not a reserved word (the pest grammar's `reserved`: they never name anything). */
const NOT_RESERVED = `(?!(?:for|in|where|let|if|then|else|and|or|not|true|false|none)${END})`;
/** A binary operator after the word, spaced as `tabula fmt` spaces it. */
const OPERATOR_AFTER = '(?=\\s+(?:[-+*/%<>]|[<>=!]=)\\s)';
/** A binary operator (or `->`) before the word. */
const OPERATOR_BEFORE = '(?<=[-+*/%<>]\\s|[<>=!]=\\s)';
/** The names every game has. */
const BUILT_IN = `\\b(?:cells|mover|opponent|phase|pieces|players)${END}`;
/** An operand after a word: a name, a number, a cell, a bracket or a text. */
const OPERAND = `(?=\\s+${NOT_RESERVED}[A-Za-z_(#0-9"])`;
/** The start of a declaration: its line's first word, after `replace`. */
const DECLARATION = '^\\s*(?:(replace)\\s+)?';

const words = (list) => `\\b(?:${list.join('|')})${END}`;
const scope = (name) => ({ name: `${name}.tabula` });

/** A declaration that names a thing: its word, then the name, scoped as `kind`. */
function declaration(word, kind, after = '') {
  return {
    match: `${DECLARATION}(${word})\\s+(${NAME})${after}`,
    captures: { 1: scope('storage.modifier.replace'), 2: scope('storage.type'), 3: scope(kind) },
  };
}

/** A word and the list of names on the rest of its line (`players a, b`). */
function nameList(begin, wordScope, nameScope) {
  return {
    begin,
    end: '(?=$|//)',
    beginCaptures: wordScope,
    patterns: [{ match: NAME, name: `${nameScope}.tabula` }, { include: '#punctuation' }],
  };
}

const FUNCTIONS = [
  'owner', 'value', 'count', 'empty', 'is', 'layers', 'pieces', 'step', 'slide', 'opponent',
  'pos', 'at', 'length', 'size', 'has', 'min', 'max', 'abs', 'option', 'can', 'neighbours',
  'neighbors', 'run', 'first', 'file', 'rank', 'group', 'lines', 'liberties', 'connected',
  'occurrences', 'cut', 'reaches', 'sum', 'exists', 'all',
];
const AGGREGATES = ['count', 'sum', 'exists', 'all', 'min', 'max'];

const grammar = {
  $schema: 'https://raw.githubusercontent.com/martinring/tmlanguage/master/tmlanguage.json',
  name: 'tabula',
  scopeName: 'source.tabula',
  fileTypes: ['tabula'],
  patterns: [{ include: '#code' }],
  repository: {
    // Tried in this order at each place: the first that matches earliest wins.
    code: {
      patterns: [
        'comments', 'text-blocks', 'strings', 'declarations', 'players', 'action-lists',
        'locals', 'contextual', 'names-in-expressions', 'cells', 'functions',
        'keywords-declaration', 'keywords-board', 'keywords-control', 'keywords-logical',
        'keywords-constant', 'keywords-other', 'built-in-names', 'numbers', 'names',
        'operators', 'punctuation',
      ].map((name) => ({ include: `#${name}` })),
    },
    comments: {
      match: '(//).*$',
      name: 'comment.line.double-slash.tabula',
      captures: { 1: scope('punctuation.definition.comment') },
    },
    // `rules """ ... """`: runs to the next `"""`, over lines, quotes, braces and `//`.
    'text-blocks': {
      begin: '"""',
      end: '"""',
      name: 'string.quoted.triple.tabula',
      beginCaptures: { 0: scope('punctuation.definition.string.begin') },
      endCaptures: { 0: scope('punctuation.definition.string.end') },
    },
    // A text has no escapes; a template's `{...}` parts (`"{from}/{to}"`) are marked.
    strings: {
      begin: '"',
      end: '"',
      name: 'string.quoted.double.tabula',
      beginCaptures: { 0: scope('punctuation.definition.string.begin') },
      endCaptures: { 0: scope('punctuation.definition.string.end') },
      patterns: [{ match: '\\{[^{}"]*\\}', name: 'constant.other.placeholder.tabula' }],
    },
    declarations: {
      patterns: [
        declaration('action', 'entity.name.function.action', '(?=\\s*")'),
        declaration('chance', 'entity.name.function.chance', '(?=\\s*")'),
        declaration('define', 'entity.name.function.macro'),
        declaration('piece', 'entity.name.type.piece'),
        {
          match: `${DECLARATION}(counter)\\s+(${NAME})(?:\\s*(:)\\s*(${NAME}))?`,
          captures: {
            1: scope('storage.modifier.replace'),
            2: scope('storage.type'),
            3: scope('entity.name.variable.counter'),
            4: scope('punctuation.separator.colon'),
            5: scope('support.type'),
          },
        },
        declaration('pool', 'entity.name.variable.pool'),
        declaration('region', 'entity.name.type.region'),
        declaration('track', 'entity.name.type.track'),
        declaration('phase', 'entity.name.section.phase'),
        declaration('strategy', 'entity.name.function.strategy', '(?=\\s*")'),
        declaration('option', 'entity.name.constant.option', '(?=\\s*")'),
        declaration('layout', 'support.type.layout'),
        declaration('score', 'entity.name.variable.local', '(?=\\s*=)'),
        // An end rule for each player spells the word `players` itself.
        {
          match: `${DECLARATION}(end)(\\s+"[^"]*"\\s+)(for)\\s+(${NAME})\\s+(in)\\s+(players)${END}`,
          captures: {
            1: scope('storage.modifier.replace'),
            2: scope('keyword.other'),
            3: { patterns: [{ include: '#strings' }] },
            4: scope('keyword.control'),
            5: scope('entity.name.variable.local'),
            6: scope('keyword.operator.word'),
            7: scope('storage.type'),
          },
        },
        {
          match: `\\b(zone)\\s+(${NAME})`,
          captures: { 1: scope('storage.type.board'), 2: scope('entity.name.constant.zone') },
        },
        {
          match: `\\b(dir)\\s+(${NAME})(?=\\s*=)`,
          captures: { 1: scope('storage.type.board'), 2: scope('entity.name.constant.direction') },
        },
        {
          match: `\\b(directions)\\s+(${NAME})(?=\\s*=)`,
          captures: { 1: scope('storage.type.board'), 2: scope('entity.name.constant.direction-set') },
        },
        {
          match: `\\b(line)\\s+(${NAME})(?=\\s*=)`,
          captures: { 1: scope('storage.type.board'), 2: scope('entity.name.constant.line') },
        },
      ],
    },
    players: nameList(
      `${DECLARATION}(players)(?=\\s+[A-Za-z_])`,
      { 1: scope('storage.modifier.replace'), 2: scope('storage.type') },
      'entity.name.constant.player',
    ),
    'action-lists': nameList(
      '\\b(actions|prefer)(?=\\s+[A-Za-z_])',
      { 1: scope('keyword.other') },
      'entity.name.function.action',
    ),
    // The names a `for`, a `let` or an aggregate binds.
    locals: {
      patterns: [
        {
          match: `\\b(for)\\s+(${NAME})(?=\\s+in${END})`,
          captures: { 1: scope('keyword.control'), 2: scope('entity.name.variable.local') },
        },
        {
          match: `\\b(let)\\s+(${NAME})(?=\\s*=)`,
          captures: { 1: scope('keyword.control'), 2: scope('entity.name.variable.local') },
        },
        {
          match: `\\b(${AGGREGATES.join('|')})\\s*(\\()\\s*(${NAME})(?=\\s+in${END})`,
          captures: {
            1: scope('support.function'),
            2: scope('punctuation.section.parens.begin'),
            3: scope('entity.name.variable.local'),
          },
        },
      ],
    },
    // Words of the language only in their places: `x` between sizes (`grid 8 x 8`,
    // `add v x 2 to p`), so that a player may be called `x`; `to`, `from` and `at`
    // before an operand (`hand to p`, `take v from p`), so that a move's locals may
    // be; `value` after `set`, `count` after `expect`, `mover` before `=`.
    contextual: {
      patterns: [
        {
          match: `\\b(grid|rhombus)${END}(.*?)(?<![A-Za-z0-9_])(x)${END}`,
          captures: { 1: scope('storage.type.board'), 2: { patterns: [{ include: '#code' }] }, 3: scope('keyword.other') },
        },
        {
          match: `\\b(add)${END}(\\s*\\S.*?)(?<![A-Za-z0-9_])(x)${END}(?=.*\\bto${END})`,
          captures: { 1: scope('keyword.other'), 2: { patterns: [{ include: '#code' }] }, 3: scope('keyword.other') },
        },
        { match: `^\\s*(mover)(?=\\s*=(?!=))`, name: 'keyword.other.tabula' },
        // `back` only in `hand back`, so that a direction may be called `back`.
        {
          match: `\\b(hand)\\s+(back)${END}`,
          captures: { 1: scope('keyword.other'), 2: scope('keyword.other') },
        },
        // `points` starts a line of a board; elsewhere it is a result's (`winner p points 2`).
        { match: `^\\s*(points)(?=\\s+[A-Za-z0-9_])`, captures: { 1: scope('storage.type.board') } },
        {
          match: `\\b(set)\\s+(value)${END}`,
          captures: { 1: scope('keyword.other'), 2: scope('keyword.other') },
        },
        {
          match: `\\b(expect)\\s+(count)${END}`,
          captures: { 1: scope('keyword.other'), 2: scope('keyword.other') },
        },
        { match: `\\b(?:to|from|at)${OPERAND}`, name: 'keyword.other.tabula' },
      ],
    },
    // A name beside an index or a binary operator, or a set after `in`, is a name,
    // whatever its spelling.
    'names-in-expressions': {
      patterns: [
        { match: `${BUILT_IN}${OPERATOR_AFTER}`, name: 'variable.language.tabula' },
        { match: `${OPERATOR_BEFORE}${BUILT_IN}(?!\\s*\\()`, name: 'variable.language.tabula' },
        { match: `(?<=\\bin\\s)(?:cells|pieces|players)${END}`, name: 'variable.language.tabula' },
        { match: `\\b${NAME}(?=\\[)`, name: 'variable.other.tabula' },
        { match: `\\b${NOT_RESERVED}${NAME}${OPERATOR_AFTER}`, name: 'variable.other.tabula' },
        { match: `${OPERATOR_BEFORE}${NOT_RESERVED}${NAME}${END}(?!\\s*\\()`, name: 'variable.other.tabula' },
      ],
    },
    // `#a1`: a cell written in an expression.
    cells: {
      match: '(#)[A-Za-z0-9_]+(?:-[A-Za-z][A-Za-z0-9_]*)*',
      name: 'constant.other.cell.tabula',
      captures: { 1: scope('punctuation.definition.cell') },
    },
    // A built-in function where it is called.
    functions: { match: `\\b(?:${FUNCTIONS.join('|')})(?=\\s*\\()`, name: 'support.function.tabula' },
    'keywords-declaration': {
      patterns: [
        { match: words(['replace']), name: 'storage.modifier.replace.tabula' },
        {
          match: words([
            'action', 'board', 'chance', 'counter', 'define', 'game', 'include', 'layout',
            'names', 'option', 'phase', 'piece', 'players', 'pool', 'region', 'rules', 'score',
            'setup', 'show', 'strategy', 'test', 'track',
          ]),
          name: 'storage.type.tabula',
        },
      ],
    },
    'keywords-board': {
      match: words([
        'adjacency', 'dir', 'directions', 'grid', 'hex', 'layers', 'leap', 'line', 'links',
        'rhombus', 'zone',
      ]),
      name: 'storage.type.board.tabula',
    },
    'keywords-control': {
      match: words(['continue', 'else', 'for', 'if', 'let', 'then', 'where']),
      name: 'keyword.control.tabula',
    },
    'keywords-logical': {
      patterns: [
        { match: words(['and', 'not', 'or']), name: 'keyword.operator.logical.tabula' },
        { match: words(['in']), name: 'keyword.operator.word.tabula' },
      ],
    },
    'keywords-constant': { match: words(['false', 'none', 'true']), name: 'constant.language.tabula' },
    'keywords-other': {
      match: words([
        'actions', 'add', 'as', 'avoid', 'be', 'because', 'by', 'clear', 'cut', 'decide', 'draw', 'end',
        'exclude', 'expect', 'forbid', 'hand', 'hidden', 'illegal', 'join', 'maximize', 'may', 'move', 'moves', 'named',
        'neutral', 'of', 'ongoing', 'pass', 'per', 'perft', 'play', 'player', 'playout',
        'points', 'prefer', 'put', 'remove', 'says', 'scale', 'set', 'start', 'starts', 'state',
        'stuck', 'take', 'turn', 'until', 'value', 'weight', 'when', 'winner', 'with',
      ]),
      name: 'keyword.other.tabula',
    },
    'built-in-names': { match: words(['cells', 'mover', 'opponent']), name: 'variable.language.tabula' },
    // A decimal only in a test's `expect score P = 7.5`; `1..6` is two numbers.
    numbers: { match: `\\b[0-9]+(?:\\.[0-9]+)?${END}`, name: 'constant.numeric.integer.tabula' },
    // Any other name, a cell name that starts with a digit (`25-white`) among them.
    names: { match: '\\b[A-Za-z0-9_]+(?:-[A-Za-z][A-Za-z0-9_]*)*', name: 'variable.other.tabula' },
    operators: {
      patterns: [
        { match: '->', name: 'keyword.operator.arrow.tabula' },
        { match: '\\.\\.', name: 'keyword.operator.range.tabula' },
        { match: '\\+=|-=', name: 'keyword.operator.assignment.compound.tabula' },
        { match: '==|!=|<=|>=|<|>', name: 'keyword.operator.comparison.tabula' },
        { match: '=', name: 'keyword.operator.assignment.tabula' },
        { match: '[-+*/%]', name: 'keyword.operator.arithmetic.tabula' },
      ],
    },
    punctuation: {
      patterns: [
        { match: '\\{', name: 'punctuation.section.block.begin.tabula' },
        { match: '\\}', name: 'punctuation.section.block.end.tabula' },
        { match: '\\(', name: 'punctuation.section.parens.begin.tabula' },
        { match: '\\)', name: 'punctuation.section.parens.end.tabula' },
        { match: '\\[', name: 'punctuation.section.brackets.begin.tabula' },
        { match: '\\]', name: 'punctuation.section.brackets.end.tabula' },
        { match: ',', name: 'punctuation.separator.comma.tabula' },
        { match: ';', name: 'punctuation.separator.semicolon.tabula' },
        { match: ':', name: 'punctuation.separator.colon.tabula' },
      ],
    },
  },
};

/** The grammar as VS Code reads it. */
const json = () => `${JSON.stringify(grammar, null, 2)}\n`;

module.exports = { grammar, json };

if (require.main === module) {
  require('node:fs').writeFileSync(require('node:path').join(__dirname, 'tabula.tmLanguage.json'), json());
}
