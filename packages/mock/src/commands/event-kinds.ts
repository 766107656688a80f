// The merchant status event kinds and statuses the contract names, read from the partner bundle's schemas
// (MerchantEventName and MerchantStatusValue), so `pgi-mock trigger --list` never disagrees with the specs.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { defaultSpecDir } from "../core/spec-index.js";

/** What the contract says about merchant status events. */
export interface EventCatalogue {
  /** The known event kinds and what each reports. */
  kinds: { name: string; description: string }[];
  /** KYC document events: names containing one of these fragments, e.g. "SIGNED_AUTHORISATION_LETTER status update". */
  fragments: { list: string[]; example: string; description: string };
  /** The statuses seen (open list). */
  statuses: string[];
  /** Error and remarks of a declined item, from the webhook schema's examples (the first one that is not NA). */
  declined: { error: string; remarks: string };
}

type Schemas = Record<string, Record<string, unknown>>;

/**
 * Reads the catalogue from the partner bundle in `specDir` (default: the bundles the mock serves).
 *
 * @example
 * readEventCatalogue().statuses; // ["Pending", "Received", "Approved", "Declined", "Success"]
 */
export function readEventCatalogue(specDir = defaultSpecDir()): EventCatalogue {
  const bundle = parse(readFileSync(join(specDir, "partner.yaml"), "utf8")) as {
    components: { schemas: Schemas };
  };
  const schemas = bundle.components.schemas;
  const event = schemas.MerchantEventName ?? {};
  const known = (event["x-pgi-known-values"] ?? {}) as Record<string, string>;
  const fragments = (event["x-pgi-known-name-fragments"] ?? {}) as {
    fragments?: string[];
    example?: string;
    description?: string;
  };
  return {
    kinds: Object.entries(known).map(([name, description]) => ({ name, description })),
    fragments: {
      list: fragments.fragments ?? [],
      example: fragments.example ?? "",
      description: fragments.description ?? "",
    },
    statuses: (schemas.MerchantStatusValue?.["x-pgi-known-values"] ?? []) as string[],
    declined: { error: exampleOf(schemas, "error"), remarks: exampleOf(schemas, "remarks") },
  };
}

/** The first example of a MerchantStatusWebhook text field that is not NA (NA when there is none). */
function exampleOf(schemas: Schemas, field: "error" | "remarks"): string {
  const props = (schemas.MerchantStatusWebhook?.properties ?? {}) as Record<string, { examples?: unknown[] }>;
  const found = (props[field]?.examples ?? []).find((e) => typeof e === "string" && e !== "NA");
  return typeof found === "string" ? found : "NA";
}

/** Whether `name` is a kind the contract names (a known kind, or a KYC document event by its fragment). */
export function isKnownEvent(catalogue: EventCatalogue, name: string): boolean {
  return (
    catalogue.kinds.some((k) => k.name === name) ||
    (/ status update$/.test(name) && catalogue.fragments.list.some((f) => name.includes(f)))
  );
}

/** The `--list` text: each kind with what it reports, the KYC fragments, and the statuses. */
export function formatCatalogue(catalogue: EventCatalogue, name: string): string {
  const width = Math.max(...catalogue.kinds.map((k) => k.name.length), catalogue.fragments.example.length);
  const lines = ["Merchant status event kinds the contract names (event_name; the list is open):", ""];
  for (const k of catalogue.kinds) lines.push(`  ${k.name.padEnd(width)}  ${k.description}`);
  if (catalogue.fragments.list.length > 0) {
    lines.push(
      `  ${catalogue.fragments.example.padEnd(width)}  KYC document event: any name containing ${catalogue.fragments.list.join(", ")}`,
    );
  }
  lines.push(
    "",
    `Statuses (current_status, previous_status; open list): ${catalogue.statuses.join(", ")}`,
    "",
    `Send one: ${name} "${catalogue.kinds[0]?.name ?? "Document status update"}" --status Approved`,
  );
  return `${lines.join("\n")}\n`;
}
