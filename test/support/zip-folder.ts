import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import yazl from "yazl";

/** A GTFS folder's .txt files as the bytes of a zip. */
export async function zipFolder(dir: string): Promise<Buffer> {
  const z = new yazl.ZipFile();
  for (const f of readdirSync(dir).filter((f) => f.endsWith(".txt"))) z.addBuffer(readFileSync(join(dir, f)), f);
  z.end();
  const chunks: Buffer[] = [];
  for await (const c of z.outputStream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}
