// Identifiers and codes drawn from the mock's injected random source, so tests are deterministic.

/** `n` decimal digits. */
export function randomDigits(random: () => number, n: number): string {
  let out = "";
  for (let i = 0; i < n; i++) out += Math.floor(random() * 10).toString();
  return out;
}

/** An RFC 4122 version-4 layout UUID. */
export function randomUuid(random: () => number): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(random() * 16).toString(16));
  hex[12] = "4";
  hex[16] = ((Number.parseInt(hex[16] as string, 16) & 0x3) | 0x8).toString(16);
  const s = hex.join("");
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
}
