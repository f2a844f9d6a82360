#!/usr/bin/env node
// The catalogue benchmark's floor: answers each path with the bytes the store answered for it, from
// memory, and nothing else (`GET /ready` answers once it listens).
//   node scripts/bench/floor-server.mjs <answers.json: { path: { type, body (base64) } }> <port>
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const [file, port] = process.argv.slice(2);
const answers = new Map(
  Object.entries(JSON.parse(readFileSync(file, 'utf8'))).map(([path, { type, body }]) => [
    path,
    { type, body: Buffer.from(body, 'base64') },
  ]),
);
createServer((req, res) => {
  if (req.url === '/ready') return res.end('ok');
  const answer = answers.get(req.url);
  if (!answer) return res.writeHead(404).end();
  res.writeHead(200, { 'content-type': answer.type, 'content-length': answer.body.length }).end(answer.body);
}).listen(Number(port), '127.0.0.1');
