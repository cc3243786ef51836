// The reference server: Hocuspocus 4 with its SQLite extension, as its README sets it up.
// Run as a child process by the harness: node hocuspocus-server.js <port> <sqlite file>
import { Server } from '@hocuspocus/server';
import { SQLite } from '@hocuspocus/extension-sqlite';

const [port, database] = process.argv.slice(2);
const server = new Server({
  port: Number(port),
  address: '127.0.0.1',
  quiet: true,
  extensions: [new SQLite({ database })],
});
await server.listen();
process.send?.('ready');
console.log(`hocuspocus listening on ${port}`);
const shutdown = async () => {
  await server.destroy();
  process.exit(0);
};
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
