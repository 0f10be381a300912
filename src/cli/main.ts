/** The `lijnwijzer` command. */
export async function main(argv: string[]): Promise<number> {
  const [command] = argv;
  console.error(`lijnwijzer: unknown command ${command ?? "(none)"}`);
  return 2;
}
