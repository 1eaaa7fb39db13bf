/**
 * Test harness: a local HTTP server on an ephemeral port that counts the requests it receives, to prove that parsing
 * or validating a document never fetches the URLs the document names.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RequestCounter {
  /** Base URL, `http://127.0.0.1:<port>`. */
  url: string;
  /** Requests received so far. */
  count(): number;
  close(): Promise<void>;
}

/** Starts the server; close it in `afterAll`. */
export async function startRequestCounter(): Promise<RequestCounter> {
  let received = 0;
  const server = createServer((_request, response) => {
    received += 1;
    response.writeHead(200, { 'content-type': 'application/xml-dtd' });
    response.end('<!ENTITY leaked "fetched">');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    count: () => received,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
