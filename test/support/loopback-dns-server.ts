import dns2 from 'dns2';

// A real DNS server (dns2, UDP) on 127.0.0.1 and a port the system picks, answering from a script, for the
// webhook DNS tests: WEBHOOK_DNS_SERVER points the sender's resolver at it. Nothing here forwards a query
// anywhere: a name the script does not know gets NXDOMAIN.

export type DnsRecord =
  | { type: 'A'; address: string; name?: string }
  | { type: 'AAAA'; address: string; name?: string }
  | { type: 'CNAME'; name: string; target: string };

/**
 * What to answer: records (the answer section, in order; TTL 0 so no resolver may cache them), or an error
 * code. `nth` counts this name's queries of this type, from 1, so a script can change its answer over time.
 */
export type DnsAnswer = DnsRecord[] | 'NXDOMAIN' | 'SERVFAIL';
export type DnsScript = (question: { name: string; type: 'A' | 'AAAA' | string; nth: number }) => DnsAnswer;

export interface AnsweredQuery {
  name: string;
  type: string;
  answer: DnsAnswer;
}

export interface LoopbackDnsServer {
  /** `127.0.0.1:<port>`: what WEBHOOK_DNS_SERVER takes. */
  server: string;
  /** Every query answered, in order. */
  queries: AnsweredQuery[];
  close(): Promise<void>;
}

const { Packet } = dns2;
const TYPE_NAMES: Record<number, string> = { [Packet.TYPE.A]: 'A', [Packet.TYPE.AAAA]: 'AAAA' };
const RCODE = { NXDOMAIN: 3, SERVFAIL: 2 } as const;

export async function startLoopbackDnsServer(script: DnsScript): Promise<LoopbackDnsServer> {
  const queries: AnsweredQuery[] = [];
  const counts = new Map<string, number>();
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request);
      const [question] = request.questions;
      if (question) {
        const name = question.name.toLowerCase().replace(/\.$/, '');
        const type = TYPE_NAMES[question.type] ?? String(question.type);
        const key = `${name} ${type}`;
        const nth = (counts.get(key) ?? 0) + 1;
        counts.set(key, nth);
        const answer = script({ name, type, nth });
        queries.push({ name, type, answer });
        if (answer === 'NXDOMAIN' || answer === 'SERVFAIL') response.header.rcode = RCODE[answer];
        else response.answers.push(...answer.map((record) => resource(record, name)));
      }
      void send(response);
    },
  });
  const addresses = await server.listen({ udp: { port: 0, address: '127.0.0.1' } });
  return {
    server: `127.0.0.1:${addresses.udp!.port}`,
    queries,
    close: () => server.close(),
  };
}

/** dns2 encodes plain objects; its type wants class instances, hence the cast. */
function resource(record: DnsRecord, questionName: string): dns2.Packet.Resource {
  const base = { class: Packet.CLASS.IN, ttl: 0 };
  const fields =
    record.type === 'CNAME'
      ? { name: record.name, type: Packet.TYPE.CNAME, domain: record.target }
      : {
          name: record.name ?? questionName,
          type: record.type === 'A' ? Packet.TYPE.A : Packet.TYPE.AAAA,
          address: record.address,
        };
  return { ...base, ...fields } as dns2.Packet.Resource;
}
