// Starts `senet lsp` for .rules files; the program is the setting `senet.server.path`.

const vscode = require('vscode');
const { LanguageClient } = require('vscode-languageclient/node');

let client;

function activate() {
  const command = vscode.workspace.getConfiguration('senet').get('server.path') || 'senet';
  client = new LanguageClient(
    'senet',
    'senet',
    { command, args: ['lsp'] },
    {
      documentSelector: [
        { scheme: 'file', language: 'senet' },
        { scheme: 'untitled', language: 'senet' },
      ],
    },
  );
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
