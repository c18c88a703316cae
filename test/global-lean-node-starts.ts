/**
 * Before the whole suite: every Node process the tests start (vitest's workers, each kit run and
 * the thousands of fixture peers those start) leaves NODE_EXTRA_CA_CERTS out of its environment.
 *
 * Node reads and parses the whole file that variable names at every start, whether or not the
 * process ever makes a TLS connection. On the 2-core CI machine, which sets it to the system's
 * bundle, that was 100 ms of a 150 ms start, and the tiers start a Node process about once per
 * scenario: it was about two fifths of all the CPU the fixture corpus spent. Nothing the suite
 * runs makes a TLS connection. The kit itself passes its environment to the targets it starts
 * unchanged, as it must for a user's; only the test suite leaves the variable out.
 */
export default function setup() {
  delete process.env.NODE_EXTRA_CA_CERTS;
}
