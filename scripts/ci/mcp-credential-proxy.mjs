// A loopback proxy in front of /mcp that adds one credential header to every request, for a client that cannot
// send one: the MCP conformance suite (0.1.16 has no option for a key or a token). Everything else passes as
// sent, the Host and Origin headers included, so that the service's Origin check sees what the suite sent.
//
//   MCP_PROXY_PORT=… MCP_TARGET_PORT=… MCP_PROXY_HEADER='X-Api-Key: …' node scripts/ci/mcp-credential-proxy.mjs
import { createServer, request } from 'node:http';

const listenPort = Number(process.env.MCP_PROXY_PORT);
const targetPort = Number(process.env.MCP_TARGET_PORT);
const header = process.env.MCP_PROXY_HEADER ?? '';
const colon = header.indexOf(':');
if (!listenPort || !targetPort || colon < 1) {
  console.error('set MCP_PROXY_PORT, MCP_TARGET_PORT and MCP_PROXY_HEADER ("Name: value")');
  process.exit(2);
}
const name = header.slice(0, colon).trim().toLowerCase();
const value = header.slice(colon + 1).trim();

createServer((incoming, outgoing) => {
  const forwarded = request(
    {
      host: '127.0.0.1',
      port: targetPort,
      method: incoming.method,
      path: incoming.url,
      headers: { ...incoming.headers, [name]: value },
    },
    (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(outgoing);
    },
  );
  forwarded.on('error', (error) => {
    outgoing.writeHead(502, { 'Content-Type': 'text/plain' });
    outgoing.end(`proxy: ${error.message}`);
  });
  incoming.pipe(forwarded);
}).listen(listenPort, '127.0.0.1', () => console.log(`proxy on ${listenPort} adds ${name}`));
