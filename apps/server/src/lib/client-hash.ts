import { createHmac } from 'node:crypto';

/** The addresses remembered at most; past them the memo starts again. */
const MEMO_SIZE = 10_000;

/**
 * The request log's name of a client: its address hashed with the session secret (the same
 * client, the same text on every node; never the address). Addresses repeat from call to call:
 * each is hashed once (a bounded memo).
 */
export function createClientHasher(secret: string): (address: string) => string {
  const clients = new Map<string, string>();
  return (address) => {
    let client = clients.get(address);
    if (client === undefined) {
      client = createHmac('sha256', secret).update(address).digest('base64url').slice(0, 12);
      if (clients.size >= MEMO_SIZE) clients.clear();
      clients.set(address, client);
    }
    return client;
  };
}
