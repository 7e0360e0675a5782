// Pictures of the extension in a real VS Code (code-server), driven by headless Chromium, for
// docs/editors.md. Not part of the tests: it needs code-server, Chromium and playwright-core, and a
// checkout whose files it may change (it types into them; VS Code may save them):
//
//   npm install --no-save playwright-core code-server     (code-server builds native modules)
//   code-server --install-extension cmdsl-0.1.0.vsix       (npx @vscode/vsce package, in editors/vscode)
//   code-server --auth none --bind-addr 127.0.0.1:8765 CHECKOUT &   (settings: cmdsl.server.command
//                                                         naming the cmdsl of a venv with cmdsl[lsp])
//   node test/vscode-screenshots.mjs http://127.0.0.1:8765 CHECKOUT OUT_DIR
//
// It opens cards/cm2008/obama.yaml, misspells a state and shows the squiggle with its message, the
// completion of the name and the quick fix; completes at the start of a line; and hovers a card id
// in a scenario file.
import { chromium } from 'playwright-core';

const [url, folder, out] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
         '--disable-sync', '--no-first-run'],
});
const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
const wait = (ms) => page.waitForTimeout(ms);
const keys = async (...names) => { for (const k of names) await page.keyboard.press(k); };
async function open(file) {
  await keys('Control+P'); await wait(800);
  await page.keyboard.type(file); await wait(1200);
  await keys('Enter'); await wait(3000);
}
async function goto(where) {
  await keys('Control+G'); await wait(500);
  await page.keyboard.type(where); await keys('Enter'); await wait(500);
}

await page.goto(`${url}/?folder=${folder}`, { waitUntil: 'domcontentloaded' });
await page.waitForSelector('.monaco-workbench', { timeout: 60000 });
await wait(4000);
await open('cards/cm2008/obama.yaml');
await wait(4000);
// `shift S 1 toward economy` → `shift "Pensylvania" 1 toward economy`
await goto('29:13');
await keys('Shift+ArrowRight');
await page.keyboard.type('x'); await keys('Backspace');
await page.keyboard.type('"Pensylvania');  // VS Code closes the quote
await wait(2500);
await keys('ArrowLeft', 'ArrowLeft', 'ArrowLeft', 'Control+K', 'Control+I');
await wait(1500);
await page.screenshot({ path: `${out}/vscode-diagnostic.png` });
await keys('Escape'); await wait(300);
await keys('Control+.'); await wait(1500);
await page.screenshot({ path: `${out}/vscode-quick-fix.png` });
await keys('Enter'); await wait(2500);
// a new line of the effect: what may start a statement, each word with its line of the docs
await keys('End', 'Enter', 'Control+Space'); await wait(1500);
for (let i = 0; i < 11; i++) await keys('ArrowDown');  // a, alter, … choose, …, gain
await keys('Control+Space');  // its details: the keyword's line of the docs
await wait(800);
await page.screenshot({ path: `${out}/vscode-completion.png` });
await keys('Escape', 'Control+Shift+P'); await wait(600);
await page.keyboard.type('File: Revert File'); await wait(800); await keys('Enter'); await wait(2000);
await open('cards/cm2008/scenarios/obama-yes-we-can.yaml');
await goto('4:15');
await keys('Control+K', 'Control+I');
await wait(2000);
await page.screenshot({ path: `${out}/vscode-hover.png` });
await browser.close();
