// The benchmark's cases: a valid GET, a valid hashed form POST and an invalid JSON POST, the same for every run.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { sign } from "@pgi/signing";
import { parse } from "yaml";
import { DEFAULT_CREDENTIALS } from "../dist/index.js";

const here = dirname(fileURLToPath(import.meta.url));
/** The bundle of a host, as the mock serves it. */
export const bundle = (host) => join(here, "..", "dist", "specs", `${host}.yaml`);

// The documented request example of the mandate authorization, re-signed with the mock's salt.
const gatewayDoc = parse(readFileSync(bundle("gateway"), "utf8"));
const deref = (v) =>
  v?.$ref
    ? deref(
        v.$ref
          .slice(2)
          .split("/")
          .reduce((n, k) => n[k], gatewayDoc),
      )
    : v;
const authorize = deref(gatewayDoc.paths["/AuthorizeTransaction.php"].post);
const form = structuredClone(
  deref(Object.values(deref(authorize.requestBody).content)[0].examples.tokenisedCard).value,
);
form.key = DEFAULT_CREDENTIALS.merchantKey;
form.hash = sign("mandate-authorization", form, DEFAULT_CREDENTIALS.salt).digest;

/** The cases, each a request loaded with autocannon. */
export const CASES = [
  {
    name: "valid GET (complaint status, bearer checked)",
    short: "valid GET",
    host: "bbps",
    method: "GET",
    path: "/gateway-nbc/v1/nbc/checkComplaintStatus?complaintId=CMP1",
    headers: { authorization: `Bearer ${DEFAULT_CREDENTIALS.bbpsToken}` },
  },
  {
    name: "valid hashed form POST (mandate authorization, hash checked by us only)",
    short: "valid form POST",
    host: "gateway",
    method: "POST",
    path: "/AuthorizeTransaction.php",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form).toString(),
  },
  {
    name: "invalid JSON POST (send OTP, bad mobile number)",
    short: "invalid JSON POST",
    host: "otp",
    method: "POST",
    path: "/otp/send",
    headers: { "content-type": "application/json", clienttype: "WEB" },
    body: JSON.stringify({ mobileNumber: "12345", merchantName: "Shop", merchantDomain: "shop.in" }),
  },
];
