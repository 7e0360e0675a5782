#!/usr/bin/env node
// A card file as VS Code shows it, as a standalone HTML page: coloured by VS Code's tokeniser with
// VS Code's YAML grammar and our injection, in a VS Code theme (Dark+ by default), with line
// numbers and a tab; optionally with diagnostics drawn as the editor does (a wavy underline, and
// the message in a hover box under the line). For the docs' pictures: take a screenshot of the
// page with headless Chromium.
//
//   node test/render.mjs FILE [--lines FIRST:LAST] [--diagnostics DIAGS.json] [--theme dark-plus]
//                             [--yaml vscode|classic] [--title TEXT] [--out PAGE.html]
//
// FIRST:LAST are 1-based and inclusive (default: the whole file). DIAGS.json is a list of
// {"line", "start", "end", "message"} with 0-based lines and columns of the whole file (as the
// language server's ranges are), and optionally "severity": "error" (default), "warning",
// "information" or "hint". The page goes to --out (default: standard output).
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename } from 'node:path';
import { registry, scopeFor, tokenise } from './grammars.mjs';

const require = createRequire(import.meta.url);

function parseArgs(argv) {
  const opts = { lines: null, diagnostics: null, theme: 'dark-plus', yaml: 'vscode', title: null, out: null, file: null };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      if (i + 1 >= argv.length) throw new Error(`${a} needs a value`);
      return argv[++i];
    };
    if (a === '--lines') {
      const m = /^(\d+):(\d+)$/.exec(value());
      if (!m) throw new Error('--lines FIRST:LAST (1-based, inclusive)');
      opts.lines = [Number(m[1]), Number(m[2])];
    } else if (a === '--diagnostics') opts.diagnostics = value();
    else if (a === '--theme') opts.theme = value();
    else if (a === '--yaml') opts.yaml = value();
    else if (a === '--title') opts.title = value();
    else if (a === '--out') opts.out = value();
    else if (a.startsWith('--')) throw new Error(`unknown option ${a}`);
    else opts.file = a;
  }
  if (!opts.file) throw new Error('usage: node test/render.mjs FILE [--lines FIRST:LAST] [--diagnostics DIAGS.json] [--out PAGE.html]');
  return opts;
}

const escape = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const SEVERITY = {
  error: { colour: '#f14c4c', icon: '\u2716' },
  warning: { colour: '#cca700', icon: '\u26a0' },
  information: { colour: '#3794ff', icon: '\u2139' },
  hint: { colour: '#888888', icon: '\u2026' },
};

// The theme's colour and font style in a token's metadata (vscode-textmate's layout, which it
// does not export: EncodedTokenAttributes).
const foregroundOf = (meta) => (meta & 0x00ff8000) >>> 15;
const fontStyleOf = (meta) => (meta & 0x00007800) >>> 11;

// One line's HTML: the theme's colours per token, and each diagnostic's range underlined.
function lineHtml(text, binaryTokens, colourMap, ranges) {
  // cut points: tokens' starts, and diagnostics' ends, so each piece has one colour and one state
  const cuts = new Set([0, text.length]);
  for (let i = 0; i < binaryTokens.length; i += 2) cuts.add(Math.min(binaryTokens[i], text.length));
  for (const r of ranges) {
    cuts.add(Math.max(0, Math.min(r.start, text.length)));
    cuts.add(Math.max(0, Math.min(r.end, text.length)));
  }
  const points = [...cuts].sort((a, b) => a - b);
  const styleAt = (pos) => {
    let meta = binaryTokens[1];
    for (let i = 0; i < binaryTokens.length; i += 2) if (binaryTokens[i] <= pos) meta = binaryTokens[i + 1];
    const colour = colourMap[foregroundOf(meta)];
    const font = fontStyleOf(meta);
    let style = `color:${colour}`;
    if (font & 1) style += ';font-style:italic';
    if (font & 2) style += ';font-weight:bold';
    return style;
  };
  let html = '';
  for (let k = 0; k + 1 < points.length; k++) {
    const [a, b] = [points[k], points[k + 1]];
    if (a === b) continue;
    const under = ranges.find((r) => r.start <= a && b <= r.end);
    const cls = under ? ` class="squiggle ${under.severity}"` : '';
    html += `<span style="${styleAt(a)}"${cls}>${escape(text.slice(a, b))}</span>`;
  }
  // a range at the end of a line (or on an empty one) still shows: underline one space
  for (const r of ranges) {
    if (r.start >= text.length) html += `<span class="squiggle ${r.severity}"> </span>`;
  }
  return html;
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const source = readFileSync(opts.file, 'utf8');
  const theme = JSON.parse(readFileSync(require.resolve(`tm-themes/themes/${opts.theme}.json`), 'utf8'));
  const themeRules = { name: theme.name, settings: theme.tokenColors ?? theme.settings ?? [] };
  // the editor's default foreground and background, as the theme's first, scopeless rule
  const fg = theme.colors?.['editor.foreground'] ?? '#d4d4d4';
  const bg = theme.colors?.['editor.background'] ?? '#1e1e1e';
  themeRules.settings = [{ settings: { foreground: fg, background: bg } }, ...themeRules.settings];
  const reg = registry(opts.yaml, themeRules);
  const grammar = await reg.loadGrammar(scopeFor(opts.file));
  const colourMap = reg.getColorMap();
  const lines = tokenise(grammar, source, true);
  if (lines.length > 1 && lines[lines.length - 1].line === '') lines.pop();

  const diagnostics = opts.diagnostics ? JSON.parse(readFileSync(opts.diagnostics, 'utf8')) : [];
  for (const d of diagnostics) {
    for (const key of ['line', 'start', 'end']) {
      if (!Number.isInteger(d[key]) || d[key] < 0) throw new Error(`a diagnostic's ${key} must be a whole number >= 0: ${JSON.stringify(d)}`);
    }
    d.severity = d.severity ?? 'error';
    if (!SEVERITY[d.severity]) throw new Error(`unknown severity ${d.severity}`);
  }
  const [first, last] = opts.lines ?? [1, lines.length];
  const shown = [];
  for (let n = first; n <= Math.min(last, lines.length); n++) shown.push(n);

  const colours = theme.colors ?? {};
  const lineNumber = colours['editorLineNumber.foreground'] ?? '#858585';
  const activeNumber = colours['editorLineNumber.activeForeground'] ?? '#c6c6c6';
  const widgetBg = colours['editorHoverWidget.background'] ?? '#252526';
  const widgetBorder = colours['editorHoverWidget.border'] ?? '#454545';
  const tabBg = colours['tab.activeBackground'] ?? bg;
  const tabsBg = colours['editorGroupHeader.tabsBackground'] ?? '#252526';
  const title = opts.title ?? basename(opts.file);

  let rows = '';
  for (const n of shown) {
    const { line, tokens } = lines[n - 1];
    const here = diagnostics.filter((d) => d.line === n - 1);
    const marked = here.length > 0;
    rows += `<div class="row"><span class="num${marked ? ' active' : ''}">${n}</span>` +
      `<span class="code">${lineHtml(line, tokens, colourMap, here)}</span></div>\n`;
    for (const d of here) {
      const sev = SEVERITY[d.severity];
      rows += `<div class="row"><span class="num"></span><span class="code"><span class="hover" style="margin-left:${d.start}ch">` +
        `<span class="icon" style="color:${sev.colour}">${sev.icon}</span>${escape(d.message)}` +
        `<span class="source"> cmdsl</span></span></span></div>\n`;
    }
  }

  const squiggles = Object.entries(SEVERITY).map(([name, s]) =>
    `.squiggle.${name} { text-decoration: underline wavy ${s.colour}; text-decoration-skip-ink: none; text-underline-offset: 3px; }`).join('\n');
  const page = `<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>${escape(title)}</title>
<style>
html, body { margin: 0; background: ${bg}; }
body { font-family: "DejaVu Sans Mono", "Cascadia Code", Consolas, "Courier New", monospace; font-size: 14px; }
.tabs { background: ${tabsBg}; height: 35px; display: flex; align-items: stretch; font-family: "DejaVu Sans", system-ui, sans-serif; font-size: 13px; }
.tab { background: ${tabBg}; color: #ffffff; padding: 0 16px; display: flex; align-items: center; border-top: 1px solid ${colours['tab.activeBorderTop'] ?? '#007acc'}; }
.tab .lang { color: #cbcb41; margin-right: 6px; font-weight: bold; }
.editor { padding: 6px 0 12px 0; color: ${fg}; }
.row { display: flex; line-height: 20px; white-space: pre; }
.num { width: 52px; padding-right: 22px; text-align: right; color: ${lineNumber}; flex: none; }
.num.active { color: ${activeNumber}; }
.code { flex: 1; }
.hover { display: inline-block; background: ${widgetBg}; border: 1px solid ${widgetBorder}; color: ${fg}; padding: 2px 8px;
         margin: 7px 0 4px 0; border-radius: 3px; box-shadow: 0 2px 8px rgba(0, 0, 0, 0.36); font-size: 13px; white-space: pre-wrap; }
.hover .icon { margin-right: 6px; }
.hover .source { color: ${lineNumber}; }
${squiggles}
</style></head>
<body><div class="tabs"><div class="tab"><span class="lang">!</span>${escape(title)}</div></div>
<div class="editor">
${rows}</div></body></html>
`;
  if (opts.out) writeFileSync(opts.out, page);
  else process.stdout.write(page);
}

main().catch((err) => {
  console.error(`render: ${err.message}`);
  process.exit(1);
});
