// cmdsl's VS Code extension: the colours come from the grammars in syntaxes/ (no code); this
// starts cmdsl's language server (`cmdsl lsp`, or the command in the setting cmdsl.server.command)
// over stdio for card files (YAML) and effect snippets (.cmdsl), and restarts it when the setting
// changes.
'use strict';
const vscode = require('vscode');
const { LanguageClient } = require('vscode-languageclient/node');

let client;

function serverCommand() {
  const configured = vscode.workspace.getConfiguration('cmdsl').get('server.command');
  const command = Array.isArray(configured) && configured.length > 0 ? configured.map(String) : ['cmdsl', 'lsp'];
  // no `transport`: the client then talks over stdio without adding `--stdio` to a command the
  // user may have set to anything (cmdsl lsp accepts it all the same)
  return { command: command[0], args: command.slice(1) };
}

async function start() {
  const server = serverCommand();
  const lang = vscode.workspace.getConfiguration('cmdsl').get('lang') === 'fr' ? 'fr' : 'en';
  client = new LanguageClient('cmdsl', 'cmdsl', { run: server, debug: server }, {
    documentSelector: [{ scheme: 'file', language: 'yaml' }, { language: 'cmdsl-effect' }],
    initializationOptions: { lang },
    // the server reads `cmdsl.lang` again when it changes (workspace/didChangeConfiguration)
    synchronize: { configurationSection: 'cmdsl' },
  });
  try {
    await client.start();
  } catch (err) {
    client = undefined;
    const shown = [server.command, ...server.args].join(' ');
    vscode.window.showWarningMessage(
      `cmdsl: could not start the language server (${shown}): ${err.message || err}. ` +
      'Install it with: pip install "cmdsl[lsp]", or set cmdsl.server.command. Highlighting works without it.');
  }
}

async function activate(context) {
  context.subscriptions.push(vscode.workspace.onDidChangeConfiguration(async (event) => {
    if (event.affectsConfiguration('cmdsl.server.command')) {
      await deactivate();
      await start();
    }
  }));
  await start();
}

async function deactivate() {
  if (client) {
    const stopping = client;
    client = undefined;
    try {
      await stopping.stop();
    } catch {
      // it had not started
    }
  }
}

module.exports = { activate, deactivate };
