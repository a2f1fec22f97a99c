// A mail server that takes `delayMs` to accept each message once it has arrived, for the tests of a
// stop (SIGTERM, the jobs thread's stop()) in the middle of a mail round.
import smtp from 'smtp-server';

export interface SlowMailServer {
  url: string;
  /** Messages whose sending has begun (their data arrived). */
  begun(): number;
  /** Messages the server accepted. */
  accepted(): number;
  close(): Promise<void>;
}

export async function startSlowMailServer(delayMs: number): Promise<SlowMailServer> {
  let begun = 0;
  let accepted = 0;
  const server = new smtp.SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    // Closing drops the connections a pooled sender keeps open at once (by default it waits 30 s).
    closeTimeout: 100,
    onData(stream, _session, done) {
      begun += 1;
      stream.resume();
      stream.on('end', () =>
        setTimeout(() => {
          accepted += 1;
          done();
        }, delayMs),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    begun: () => begun,
    accepted: () => accepted,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
