import { connect } from 'node:net';

/**
 * Sends one request line exactly as given (no client library in between would
 * send `http://[::1` or `/%E0%A4%A` unchanged) and answers the status code, or
 * undefined if the connection closed without an answer.
 */
export function rawRequest(port: number, target: string, method = 'GET'): Promise<number | undefined> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      const status = /^HTTP\/1\.1 (\d{3})/.exec(received)?.[1];
      resolve(status === undefined ? undefined : Number(status));
    });
    socket.write(`${method} ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`, 'latin1');
  });
}
