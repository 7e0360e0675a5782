// The TextMate registry VS Code would build for a card file: a YAML grammar, our injection into
// it and our standalone grammar, tokenised by vscode-textmate with vscode-oniguruma (VS Code's
// own tokeniser and regular expressions). Shared by tokenise.mjs (the tests) and render.mjs.
//
// Two YAML grammars, because the extension supports both (engines: ^1.85):
//   vscode  - the one VS Code ships now (RedCMD's YAML grammar, which consumes each line's
//             indentation itself), from the package that republishes VS Code's YAML extension;
//   classic - the TextMate bundle's, which VS Code shipped before, and which shiki uses.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const here = dirname(fileURLToPath(import.meta.url));
const extension = join(here, '..');
const textmate = require('vscode-textmate');
const oniguruma = require('vscode-oniguruma');

const vscodeYaml = join(dirname(require.resolve('@codingame/monaco-vscode-yaml-default-extension/package.json')), 'resources');
const classicYaml = require.resolve('tm-grammars/grammars/yaml.json');

export const YAML_GRAMMARS = {
  vscode: {
    'source.yaml': join(vscodeYaml, 'yaml.tmLanguage.json'),
    'source.yaml.1.3': join(vscodeYaml, 'yaml-1.3.tmLanguage.json'),
    'source.yaml.1.2': join(vscodeYaml, 'yaml-1.2.tmLanguage.json'),
    'source.yaml.1.1': join(vscodeYaml, 'yaml-1.1.tmLanguage.json'),
    'source.yaml.1.0': join(vscodeYaml, 'yaml-1.0.tmLanguage.json'),
    'source.yaml.embedded': join(vscodeYaml, 'yaml-embedded.tmLanguage.json'),
  },
  classic: { 'source.yaml': classicYaml },
};

// Ours, as package.json contributes them.
const manifest = JSON.parse(readFileSync(join(extension, 'package.json'), 'utf8'));
const ours = {};
const injectTo = {};
for (const g of manifest.contributes.grammars) {
  ours[g.scopeName] = join(extension, g.path);
  for (const target of g.injectTo ?? []) (injectTo[target] ??= []).push(g.scopeName);
}

let onigLib = null;
function loadOniguruma() {
  if (!onigLib) {
    const wasm = readFileSync(join(dirname(require.resolve('vscode-oniguruma')), 'onig.wasm')).buffer;
    onigLib = oniguruma.loadWASM(wasm).then(() => ({
      createOnigScanner: (patterns) => new oniguruma.OnigScanner(patterns),
      createOnigString: (s) => new oniguruma.OnigString(s),
    }));
  }
  return onigLib;
}

// A registry with one YAML grammar ('vscode' or 'classic') and ours; `theme`: a VS Code theme's
// JSON (for colours), or none.
export function registry(yaml, theme) {
  const files = { ...YAML_GRAMMARS[yaml], ...ours };
  if (!YAML_GRAMMARS[yaml]) throw new Error(`no YAML grammar named ${yaml}: ${Object.keys(YAML_GRAMMARS).join(', ')}`);
  const reg = new textmate.Registry({
    onigLib: loadOniguruma(),
    loadGrammar: async (scopeName) => {
      const path = files[scopeName];
      return path ? textmate.parseRawGrammar(readFileSync(path, 'utf8'), path) : null;
    },
    getInjections: (scopeName) => injectTo[scopeName],
  });
  if (theme) reg.setTheme(theme);
  return reg;
}

// The grammar for a file: ours for .cmdsl, YAML's for the rest.
export function scopeFor(path) {
  return path.endsWith('.cmdsl') ? 'source.cmdsl-effect' : 'source.yaml';
}

// Each line of `text` through `grammar`: [{text, scopes}] per line, or with `binary`, the
// encoded tokens (start, metadata pairs) that carry a theme's colours.
export function tokenise(grammar, text, binary = false) {
  let state = textmate.INITIAL;
  const lines = [];
  for (const line of text.split(/\r?\n/)) {
    if (binary) {
      const r = grammar.tokenizeLine2(line, state);
      lines.push({ line, tokens: r.tokens });
      state = r.ruleStack;
    } else {
      const r = grammar.tokenizeLine(line, state);
      lines.push(r.tokens.map((t) => ({ text: line.slice(t.startIndex, t.endIndex), scopes: t.scopes })));
      state = r.ruleStack;
    }
  }
  return lines;
}

export { textmate };
