// The TextMate grammar (editors/senet.tmLanguage.json) tokenises every bundled rule file and
// the docs' examples without a word left unscoped or marked invalid, knows every keyword of
// the language's own grammar (grammar/senet.pest), and gives chosen words the scopes that
// themes colour.

const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const vsctm = require('vscode-textmate');
const oniguruma = require('vscode-oniguruma');

const root = path.join(__dirname, '..', '..');
const grammarPath = path.join(root, 'editors', 'senet.tmLanguage.json');

async function loadGrammar() {
  const wasm = fs.readFileSync(require.resolve('vscode-oniguruma/release/onig.wasm'));
  await oniguruma.loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength));
  const registry = new vsctm.Registry({
    onigLib: Promise.resolve({
      createOnigScanner: (patterns) => new oniguruma.OnigScanner(patterns),
      createOnigString: (s) => new oniguruma.OnigString(s),
    }),
    loadGrammar: async (scope) =>
      scope === 'source.senet'
        ? vsctm.parseRawGrammar(fs.readFileSync(grammarPath, 'utf8'), grammarPath)
        : null,
  });
  return registry.loadGrammar('source.senet');
}

const grammarReady = loadGrammar();

/// Every token of a text: its line (from 0), its text and its scopes.
async function tokenise(text) {
  const grammar = await grammarReady;
  let stack = vsctm.INITIAL;
  const out = [];
  text.split(/\r?\n/).forEach((line, number) => {
    const result = grammar.tokenizeLine(line, stack);
    for (const t of result.tokens) {
      out.push({ line: number, text: line.slice(t.startIndex, t.endIndex), scopes: t.scopes });
    }
    stack = result.ruleStack;
  });
  return out;
}

function ruleFiles() {
  const files = [];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(p);
      else if (entry.name.endsWith('.rules')) files.push(p);
    }
  };
  walk(path.join(root, 'rulesets'));
  walk(path.join(root, 'docs', 'examples'));
  return files.sort();
}

test('every bundled rule file and docs example is tokenised whole', async () => {
  const files = ruleFiles();
  assert.ok(files.length >= 30, `only ${files.length} rule files found`);
  for (const file of files) {
    const tokens = await tokenise(fs.readFileSync(file, 'utf8'));
    for (const t of tokens) {
      const where = `${path.relative(root, file)}:${t.line + 1}: \`${t.text}\` ${t.scopes.join(' ')}`;
      assert.ok(!t.scopes.some((s) => s.startsWith('invalid')), `invalid: ${where}`);
      // A word outside every pattern keeps only the file's scope.
      assert.ok(t.scopes.length > 1 || t.text.trim() === '', `unmatched: ${where}`);
    }
  }
});

test('the grammar knows every keyword of grammar/senet.pest', () => {
  const pest = fs.readFileSync(path.join(root, 'grammar', 'senet.pest'), 'utf8');
  const grammar = fs.readFileSync(grammarPath, 'utf8');
  const keywords = [...pest.matchAll(/^kw_\w+\s*=\s*@\{\s*\(?([^~]*?)\)?\s*~/gm)]
    .flatMap((m) => [...m[1].matchAll(/"([^"]+)"/g)].map((q) => q[1]));
  assert.ok(keywords.length > 100, `${keywords.length} keywords`);
  for (const kw of keywords) {
    assert.ok(grammar.includes(`|${kw.replace('-', '\\\\-')}|`) || grammar.includes(`(${kw}|`)
      || grammar.includes(`|${kw})`), `\`${kw}\` is not in the TextMate grammar`);
  }
});

/// The scopes of the `nth` token whose text is `text` on line `line` of `tokens`.
function scopesOf(tokens, line, text, nth = 0) {
  const found = tokens.filter((t) => t.line === line && t.text === text);
  assert.ok(found.length > nth, `no \`${text}\` #${nth} on line ${line}: ${JSON.stringify(tokens.filter((t) => t.line === line))}`);
  return found[nth].scopes;
}

test('chosen words get the scopes themes colour', async () => {
  const text = [
    'ruleset "my/variant"                      # a comment',
    'board 3 x 10 snake',
    'sides red, blue',
    'colour blue: cyan',
    'safe 26, 28..30                           [source: "sicure" (English: "safe")]',
    'when pieces is 7: pieces 7 each',
    'on landing on 6 by blue: go to 20 capturing and stop',
    'first by throw-off, ties to red',
    'blockade none',
    'start red on 1, 3; blue on 2, 4',
    'source  none',
  ].join('\n');
  const tokens = await tokenise(text);
  const has = (line, word, scope, nth = 0) =>
    assert.ok(scopesOf(tokens, line, word, nth).includes(scope),
      `line ${line}: \`${word}\` lacks ${scope}: ${scopesOf(tokens, line, word, nth).join(' ')}`);
  has(0, 'ruleset', 'keyword.control.statement.senet');
  has(0, 'my/variant', 'string.quoted.double.senet');
  has(0, '# a comment', 'comment.line.number-sign.senet');
  has(1, 'board', 'keyword.control.statement.senet');
  has(1, '3', 'constant.numeric.integer.senet');
  has(1, 'x', 'keyword.operator.times.senet');
  has(1, 'snake', 'keyword.other.senet');
  has(2, 'red', 'variable.other.side.senet');
  has(2, 'blue', 'variable.other.side.senet');
  has(3, 'blue', 'variable.other.side.senet');
  has(3, 'cyan', 'variable.other.senet');
  has(4, '..', 'keyword.operator.range.senet');
  has(4, '30', 'constant.numeric.integer.senet');
  has(4, 'source', 'keyword.other.note.senet');
  has(4, '[', 'punctuation.definition.note.begin.senet');
  has(4, ']', 'punctuation.definition.note.end.senet');
  has(5, 'when', 'keyword.control.conditional.senet');
  has(5, 'pieces', 'variable.other.option.senet');
  has(5, 'pieces', 'keyword.control.statement.senet', 1);
  has(6, 'on', 'keyword.control.statement.senet');
  has(6, 'blue', 'variable.other.side.senet');
  has(6, 'capturing', 'keyword.other.senet');
  has(6, 'stop', 'keyword.other.senet');
  has(7, 'throw-off', 'keyword.other.senet');
  has(7, 'red', 'variable.other.side.senet');
  has(8, 'none', 'constant.language.senet');
  has(9, 'red', 'variable.other.side.senet');
  has(9, 'blue', 'variable.other.side.senet');
  has(10, 'source', 'keyword.control.statement.senet');
  has(10, 'none', 'constant.language.senet');
});

test('a stray character is marked invalid, an unclosed string ends with its line', async () => {
  const tokens = await tokenise('safe 26 {\ntitle "open\nsafe 1');
  assert.ok(scopesOf(tokens, 0, '{').includes('invalid.illegal.character.senet'));
  assert.ok(scopesOf(tokens, 2, 'safe').includes('keyword.control.statement.senet'));
});
