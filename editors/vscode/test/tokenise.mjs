#!/usr/bin/env node
// Tokenise files as VS Code would, with our grammars: prints JSON, one record per file and YAML
// grammar: {"yaml": "vscode", "file": PATH, "lines": [[{"text": ..., "scopes": [...]}, ...], ...]}.
// A .cmdsl file is read with the standalone grammar, any other with YAML's and our injection.
//
//   node test/tokenise.mjs [--yaml vscode|classic|all] FILE...     (default: --yaml all)
//
// tests/editors/test_textmate_grammar.py runs it on the card files and on samples.
import { readFileSync } from 'node:fs';
import { YAML_GRAMMARS, registry, scopeFor, tokenise } from './grammars.mjs';

const args = process.argv.slice(2);
let yamls = Object.keys(YAML_GRAMMARS);
const files = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--yaml') {
    const name = args[++i];
    yamls = name === 'all' ? Object.keys(YAML_GRAMMARS) : [name];
  } else {
    files.push(args[i]);
  }
}
if (files.length === 0) {
  console.error('usage: node test/tokenise.mjs [--yaml vscode|classic|all] FILE...');
  process.exit(2);
}

const out = [];
for (const yaml of yamls) {
  const reg = registry(yaml);
  for (const file of files) {
    const grammar = await reg.loadGrammar(scopeFor(file));
    if (!grammar) throw new Error(`no grammar for ${file}`);
    out.push({ yaml, file, lines: tokenise(grammar, readFileSync(file, 'utf8')) });
  }
}
process.stdout.write(JSON.stringify(out) + '\n');
