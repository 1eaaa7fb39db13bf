/**
 * An SMTP server on loopback that keeps every mail it accepts (nodemailer's `smtp-server`), for tests of mail
 * delivery across processes: the shop's processes send to it through `SMTP_URL`. While `refusing` is true it answers every
 * `MAIL FROM` with 451 (RFC 5321 §4.2.3, "local error in processing": a temporary failure the sender retries).
 */
import { SMTPServer } from 'smtp-server';

export interface SunkMail {
  /** The `Message-ID` header as sent, e.g. `<…@werkbank.example>`; undefined when the mail had none. */
  messageId: string | undefined;
  to: string[];
  subject: string | undefined;
  /** When the sink accepted it (ms since the epoch). */
  at: number;
}

export interface SmtpSink {
  /** The port it listens on (127.0.0.1). */
  port: number;
  mails: SunkMail[];
  /** Whether new mail is refused with 451. */
  refusing: boolean;
  /** How many `MAIL FROM` were refused so far. */
  refused: number;
  close(): Promise<void>;
}

/** The value of one header of a raw message (unfolded), or undefined. */
function header(raw: string, name: string): string | undefined {
  const head = raw.split(/\r?\n\r?\n/, 1)[0] ?? '';
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const line = unfolded.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}

/** Starts the sink on 127.0.0.1:`port` (default 0: a free port; no TLS, no authentication). */
export async function startSmtpSink(port = 0): Promise<SmtpSink> {
  const sink: SmtpSink = { port, mails: [], refusing: false, refused: 0, close: async () => undefined };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onMailFrom(_address, _session, callback) {
      if (!sink.refusing) return callback();
      sink.refused++;
      callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString();
        sink.mails.push({
          messageId: header(raw, 'Message-ID'),
          to: session.envelope.rcptTo.map((r) => r.address),
          subject: header(raw, 'Subject'),
          at: Date.now(),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  if (address && typeof address === 'object') sink.port = address.port;
  sink.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return sink;
}
