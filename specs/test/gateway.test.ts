// Contract tests of the payment gateway host (specs/dist/gateway.yaml): valid/invalid instance tables per schema,
// JSON-in-form contentSchemas, extensions, and every named example validated against its schema.
import { describe, expect, it } from "vitest";
import { at, check, loadBundle, ptr, requestSchema, responseSchema, validatorAt } from "./helpers.js";

type Obj = Record<string, unknown>;
const FORM = "application/x-www-form-urlencoded";
const schema = (name: string) => validatorAt("gateway", ptr("components", "schemas", name));
const example = (name: string) =>
  structuredClone(at("gateway", ptr("components", "examples", name, "value")) as Obj);
const without = (o: Obj, ...keys: string[]) =>
  Object.fromEntries(Object.entries(o).filter(([k]) => !keys.includes(k)));
const HASH =
  "30e701d1ee639090a6846991ced0ac458b505435125fcf8329e3c00ed5470b784aa19e151d489e42d03835246d02f4d4b2be844761cb20acc13c4354c13a20c6";

/** Valid rows must give no errors; invalid rows must give an error mentioning `want`. */
function table(
  name: string,
  validate: () => ReturnType<typeof schema>,
  valid: [string, unknown][],
  invalid: [string, unknown, string][],
) {
  describe(name, () => {
    it.each(valid)("accepts %s", (_label, given) => {
      expect(check(validate(), given)).toEqual([]);
    });
    it.each(invalid)("rejects %s", (_label, given, want) => {
      const errors = check(validate(), given);
      expect(errors.length).toBeGreaterThan(0);
      expect(errors.join("\n")).toContain(want);
    });
  });
}

/** Rows that drop each required property in turn. */
const missing = (base: Obj, names: string[]): [string, unknown, string][] =>
  names.map((n) => [`without ${n}`, without(base, n), `'${n}'`]);

// ---------------------------------------------------------------- mandate authorization: JSON-in-form objects

const tokenDetails: Obj = {
  token_exp_yr: "2029",
  token_exp_mon: "07",
  token_value: "4895370012003478",
  card_name: "Asha Verma",
  tavv: "AAEBAwQjSQAAXXXXXXXJYe0BbQA=",
  par: "V0010013819200000000000000001",
  last4digits: "2346",
};
table(
  "SiTokenDetails",
  () => schema("SiTokenDetails"),
  [
    ["all seven fields", tokenDetails],
    ["month 01", { ...tokenDetails, token_exp_mon: "01" }],
    ["month 12", { ...tokenDetails, token_exp_mon: "12" }],
  ],
  [
    ...missing(tokenDetails, Object.keys(tokenDetails)),
    ["a 2-digit year", { ...tokenDetails, token_exp_yr: "29" }, "token_exp_yr"],
    ["a 5-digit year", { ...tokenDetails, token_exp_yr: "20291" }, "token_exp_yr"],
    ["month 13", { ...tokenDetails, token_exp_mon: "13" }, "token_exp_mon"],
    ["month 00", { ...tokenDetails, token_exp_mon: "00" }, "token_exp_mon"],
    ["a 1-digit month", { ...tokenDetails, token_exp_mon: "7" }, "token_exp_mon"],
    ["3 last digits", { ...tokenDetails, last4digits: "346" }, "last4digits"],
    ["letters in last4digits", { ...tokenDetails, last4digits: "23a6" }, "last4digits"],
    ["a numeric token_value", { ...tokenDetails, token_value: 4895370012003478 }, "token_value"],
    ["a numeric year", { ...tokenDetails, token_exp_yr: 2029 }, "token_exp_yr"],
    ["an unknown field", { ...tokenDetails, cvv: "123" }, "additional properties"],
  ],
);

const udfs: Obj = Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`authUdf${i + 1}`, ""]));
table(
  "AdditionalInfo",
  () => schema("AdditionalInfo"),
  [
    ["ten empty strings", udfs],
    ["values in use", { ...udfs, authUdf1: "abc", authUdf10: "xyz" }],
  ],
  [
    ...missing(udfs, Object.keys(udfs)),
    ["a numeric field", { ...udfs, authUdf3: 3 }, "authUdf3"],
    ["authUdf11", { ...udfs, authUdf11: "" }, "additional properties"],
  ],
);

const authInfo: Obj = {
  referenceId: "8f2c1a7e",
  cres: "eyJhIjoxfQ==",
  additionalInfo: udfs,
  siTokenDetails: tokenDetails,
};
table(
  "AuthenticationInfo",
  () => schema("AuthenticationInfo"),
  [
    ["with siTokenDetails", authInfo],
    ["without siTokenDetails (saved card authenticated by the gateway)", without(authInfo, "siTokenDetails")],
  ],
  [
    ...missing(authInfo, ["referenceId", "cres", "additionalInfo"]),
    [
      "a bad token month inside siTokenDetails",
      { ...authInfo, siTokenDetails: { ...tokenDetails, token_exp_mon: "7" } },
      "/siTokenDetails/token_exp_mon",
    ],
    ["an incomplete siTokenDetails", { ...authInfo, siTokenDetails: without(tokenDetails, "par") }, "'par'"],
    [
      "an incomplete additionalInfo",
      { ...authInfo, additionalInfo: without(udfs, "authUdf5") },
      "'authUdf5'",
    ],
    ["additionalInfo as a string", { ...authInfo, additionalInfo: "" }, "/additionalInfo"],
    ["an unknown field", { ...authInfo, bankData: {} }, "additional properties"],
  ],
);

const siDetails: Obj = {
  billingAmount: "100.00",
  billingCurrency: "INR",
  billingCycle: "MONTHLY",
  billingInterval: 1,
  paymentStartDate: "2026-09-01",
  paymentEndDate: "2027-08-31",
};
table(
  "SiDetails",
  () => schema("SiDetails"),
  [
    ["a monthly mandate", siDetails],
    ["ADHOC", { ...siDetails, billingCycle: "ADHOC" }],
    ["an unlisted cycle (the list is open)", { ...siDetails, billingCycle: "WEEKLY" }],
    ["a large amount", { ...siDetails, billingAmount: "250000.50" }],
  ],
  [
    ...missing(siDetails, Object.keys(siDetails)),
    ["an amount without decimals", { ...siDetails, billingAmount: "100" }, "billingAmount"],
    ["one decimal", { ...siDetails, billingAmount: "100.0" }, "billingAmount"],
    ["three decimals", { ...siDetails, billingAmount: "100.000" }, "billingAmount"],
    ["a numeric amount", { ...siDetails, billingAmount: 100 }, "billingAmount"],
    ["an empty cycle", { ...siDetails, billingCycle: "" }, "billingCycle"],
    ["billingInterval as a string", { ...siDetails, billingInterval: "1" }, "billingInterval"],
    ["a fractional interval", { ...siDetails, billingInterval: 1.5 }, "billingInterval"],
    ["month 13 in the start date", { ...siDetails, paymentStartDate: "2026-13-01" }, "paymentStartDate"],
    ["a DD-MM-YYYY end date", { ...siDetails, paymentEndDate: "31-08-2027" }, "paymentEndDate"],
    ["an unknown field", { ...siDetails, paymentCategory: "loan" }, "additional properties"],
  ],
);

const upiDates: Obj = { paymentStartDate: "2026-08-12", paymentEndDate: "2026-08-31" };
table(
  "UpiSiDetails",
  () => schema("UpiSiDetails"),
  [["the two dates", upiDates]],
  [
    ...missing(upiDates, Object.keys(upiDates)),
    ["a bad start date", { ...upiDates, paymentStartDate: "2026/08/12" }, "paymentStartDate"],
    ["day 32", { ...upiDates, paymentEndDate: "2026-08-32" }, "paymentEndDate"],
    ["a card-mandate field", { ...upiDates, billingAmount: "10.00" }, "additional properties"],
  ],
);

// ---------------------------------------------------------------- mandate authorization: request and response

const AUTH = "/AuthorizeTransaction.php";
const authRequest: Obj = {
  key: "Jx7Kq2",
  txnid: "TXN-1",
  amount: "1.00",
  hash: HASH,
  authentication_info: JSON.stringify(authInfo),
  si: "1",
  si_details: JSON.stringify(siDetails),
};
table(
  "AuthorizeTransaction request",
  () => validatorAt("gateway", requestSchema(AUTH, "post", FORM)),
  [
    ["all seven parameters", authRequest],
    ["an integer amount", { ...authRequest, amount: "1" }],
  ],
  [
    ...missing(authRequest, Object.keys(authRequest)),
    ["si 0", { ...authRequest, si: "0" }, "/si must"],
    ["three decimals in amount", { ...authRequest, amount: "1.001" }, "amount"],
    ["a non-numeric amount", { ...authRequest, amount: "one" }, "amount"],
    ["an uppercase hash", { ...authRequest, hash: HASH.toUpperCase() }, "hash"],
    ["a short hash", { ...authRequest, hash: HASH.slice(2) }, "hash"],
    ["an empty key", { ...authRequest, key: "" }, "key"],
    ["an empty txnid", { ...authRequest, txnid: "" }, "txnid"],
    [
      "authentication_info as an object",
      { ...authRequest, authentication_info: authInfo },
      "authentication_info",
    ],
    ["si_details as an object", { ...authRequest, si_details: siDetails }, "si_details"],
    ["an unknown parameter", { ...authRequest, udf1: "x" }, "additional properties"],
  ],
);

describe("AuthorizeTransaction JSON-in-form fields", () => {
  it("declare application/json with a contentSchema", () => {
    for (const field of ["authentication_info", "si_details"]) {
      const prop = at(
        "gateway",
        ptr("components", "schemas", "AuthorizeTransactionRequest", "properties", field),
      ) as Obj;
      expect(prop.type).toBe("string");
      expect(prop.contentMediaType).toBe("application/json");
      expect(prop.contentSchema).toBeTruthy();
    }
  });
  const content = (field: string) =>
    validatorAt(
      "gateway",
      ptr("components", "schemas", "AuthorizeTransactionRequest", "properties", field, "contentSchema"),
    );
  it.each([
    ["authentication_info", authInfo, true],
    ["authentication_info", without(authInfo, "cres"), false],
    ["si_details", siDetails, true],
    ["si_details", { ...siDetails, billingAmount: "100" }, false],
  ])("%s contentSchema on %j gives valid=%s", (field, given, valid) => {
    expect(check(content(field as string), given).length === 0).toBe(valid);
  });
  it.each(["tokenisedCard", "savedCard"])("example %s carries JSON that fits the contentSchemas", (name) => {
    const value = at(
      "gateway",
      ptr("paths", AUTH, "post", "requestBody", "content", FORM, "examples", name),
    ) as Obj;
    const ref = String(value.$ref ?? "");
    const ex = ref ? ((at("gateway", ref.slice(1)) as Obj).value as Obj) : (value.value as Obj);
    expect(check(content("authentication_info"), JSON.parse(String(ex.authentication_info)))).toEqual([]);
    expect(check(content("si_details"), JSON.parse(String(ex.si_details)))).toEqual([]);
  });
});

const registered = example("MandateRegistered");
const registeredResult = registered.result as Obj;
table(
  "MandateAuthorizationResponse",
  () => validatorAt("gateway", responseSchema(AUTH, "post", "200")),
  [
    ["a registered mandate", registered],
    ["a debit card", { ...registered, result: { ...registeredResult, mode: "DC", bankcode: "DC" } }],
    ...(["VISA", "MAST", "AMEX", "DINR"] as const).map((t): [string, unknown] => [
      `card_type ${t}`,
      { ...registered, result: { ...registeredResult, card_type: t } },
    ]),
    [
      "an unknown field (responses are open)",
      { ...registered, extra: 1, result: { ...registeredResult, newField: "x" } },
    ],
    [
      "an unknown error code",
      { ...registered, metaData: { ...(registered.metaData as Obj), statusCode: "E999" } },
    ],
  ],
  [
    ...missing(registered, ["metaData", "result"]),
    ["mode NB", { ...registered, result: { ...registeredResult, mode: "NB" } }, "/result/mode"],
    ["bankcode UPI", { ...registered, result: { ...registeredResult, bankcode: "UPI" } }, "/result/bankcode"],
    [
      "card_type RUPAY",
      { ...registered, result: { ...registeredResult, card_type: "RUPAY" } },
      "/result/card_type",
    ],
    [
      "an ISO addedon",
      { ...registered, result: { ...registeredResult, addedon: "2026-08-12T10:15:42" } },
      "/result/addedon",
    ],
    [
      "an unmasked card number",
      { ...registered, result: { ...registeredResult, card_no: "4111111111112346" } },
      "/result/card_no",
    ],
    [
      "IsStandingInstructionSet as a number",
      { ...registered, result: { ...registeredResult, IsStandingInstructionSet: 1 } },
      "/result/IsStandingInstructionSet",
    ],
    [
      "mihpayid as a number",
      { ...registered, result: { ...registeredResult, mihpayid: 4039937155 } },
      "/result/mihpayid",
    ],
    [
      "statusCode as a number",
      { ...registered, metaData: { ...(registered.metaData as Obj), statusCode: 0 } },
      "/metaData/statusCode",
    ],
    [
      "submitOtp.status as a boolean",
      { ...registered, metaData: { ...(registered.metaData as Obj), submitOtp: { status: true } } },
      "/metaData/submitOtp/status",
    ],
  ],
);

// ---------------------------------------------------------------- hosted checkout: the three request shapes

const PAY = "/_payment";
const upiCommon: Obj = {
  key: "Jx7Kq2",
  txnid: "UPI-1",
  amount: "10.00",
  productinfo: "Subscription",
  firstname: "Asha",
  email: "asha@example.in",
  phone: "9876543210",
  surl: "https://merchant.example.in/s",
  furl: "https://merchant.example.in/f",
  pre_authorize: "1",
  hash: HASH,
};
const dates = JSON.stringify(upiDates);
const intent: Obj = { ...upiCommon, pg: "UPI", bankcode: "INTENT", si_Details: dates };
const collect: Obj = { ...upiCommon, pg: "UPI", bankcode: "UPI", vpa: "asha@okbank", si_Details: dates };
const bnpl: Obj = {
  key: "Jx7Kq2",
  pg: "BNPL",
  txn_s2s_flow: "4",
  LinkAndPayFlowType: "1",
  LinkAndPayFlowDetails: "1",
  txnid: "BNPL-1",
  amount: "1499.00",
  productinfo: "Headphones",
  firstname: "Asha",
  email: "asha@example.in",
  phone: "9876543210",
  surl: "https://merchant.example.in/s",
  furl: "https://merchant.example.in/f",
  hash: HASH,
  user_credentials: "Jx7Kq2:customer-1001",
};
const upiUdfs = Object.fromEntries(Array.from({ length: 5 }, (_, i) => [`udf${i + 1}`, `u${i + 1}`]));

table(
  "UpiMandateIntentRequest",
  () => schema("UpiMandateIntentRequest"),
  [
    ["si_Details", intent],
    ["the alias siDetails", { ...without(intent, "si_Details"), siDetails: dates }],
    ["udf1 to udf5", { ...intent, ...upiUdfs }],
  ],
  [
    ...missing(intent, [
      "key",
      "txnid",
      "amount",
      "productinfo",
      "firstname",
      "email",
      "phone",
      "surl",
      "furl",
      "pg",
      "bankcode",
      "pre_authorize",
      "hash",
    ]),
    ["neither si_Details nor siDetails", without(intent, "si_Details"), "anyOf"],
    ["both si_Details and siDetails", { ...intent, siDetails: dates }, "must NOT be valid"],
    ["bankcode UPI", { ...intent, bankcode: "UPI" }, "bankcode"],
    ["pg BNPL", { ...intent, pg: "BNPL" }, "pg"],
    ["pre_authorize 0", { ...intent, pre_authorize: "0" }, "pre_authorize"],
    ["a vpa", { ...intent, vpa: "asha@okbank" }, "additional properties"],
    ["udf6", { ...intent, udf6: "x" }, "additional properties"],
    ["a relative surl", { ...intent, surl: "/pay/success" }, "surl"],
    ["a bad furl", { ...intent, furl: "not a url" }, "furl"],
    ["a bad e-mail", { ...intent, email: "asha" }, "email"],
    ["a non-decimal amount", { ...intent, amount: "10,00" }, "amount"],
    ["si_Details as an object", { ...intent, si_Details: upiDates }, "si_Details"],
    ["a numeric udf1", { ...intent, udf1: 1 }, "udf1"],
  ],
);

table(
  "UpiMandateCollectRequest",
  () => schema("UpiMandateCollectRequest"),
  [
    ["si_Details", collect],
    ["the alias siDetails", { ...without(collect, "si_Details"), siDetails: dates }],
    ["udf1 to udf5", { ...collect, ...upiUdfs }],
  ],
  [
    ...missing(collect, [
      "key",
      "txnid",
      "amount",
      "productinfo",
      "firstname",
      "email",
      "phone",
      "surl",
      "furl",
      "pg",
      "bankcode",
      "vpa",
      "pre_authorize",
      "hash",
    ]),
    ["neither si_Details nor siDetails", without(collect, "si_Details"), "anyOf"],
    ["both si_Details and siDetails", { ...collect, siDetails: dates }, "must NOT be valid"],
    ["bankcode INTENT", { ...collect, bankcode: "INTENT" }, "bankcode"],
    ["a vpa without @", { ...collect, vpa: "asha" }, "vpa"],
    ["a vpa with a space", { ...collect, vpa: "asha x@okbank" }, "vpa"],
    ["an uppercase hash", { ...collect, hash: HASH.toUpperCase() }, "hash"],
    ["user_credentials", { ...collect, user_credentials: "a:b" }, "additional properties"],
  ],
);

table(
  "BnplLinkAndPayRequest",
  () => schema("BnplLinkAndPayRequest"),
  [
    ["the demonstrated values 4, 1, 1", bnpl],
    [
      "other digit values",
      { ...bnpl, txn_s2s_flow: "2", LinkAndPayFlowType: "3", LinkAndPayFlowDetails: "10" },
    ],
  ],
  [
    ...missing(bnpl, Object.keys(bnpl)),
    ["pg UPI", { ...bnpl, pg: "UPI" }, "pg"],
    ["txn_s2s_flow as a word", { ...bnpl, txn_s2s_flow: "four" }, "txn_s2s_flow"],
    ["an empty LinkAndPayFlowType", { ...bnpl, LinkAndPayFlowType: "" }, "LinkAndPayFlowType"],
    ["LinkAndPayFlowDetails as a number", { ...bnpl, LinkAndPayFlowDetails: 1 }, "LinkAndPayFlowDetails"],
    ["user_credentials without a colon", { ...bnpl, user_credentials: "customer-1001" }, "user_credentials"],
    ["user_credentials with two colons", { ...bnpl, user_credentials: "a:b:c" }, "user_credentials"],
    ["user_credentials with an empty part", { ...bnpl, user_credentials: ":b" }, "user_credentials"],
    ["a bankcode", { ...bnpl, bankcode: "BNPL" }, "additional properties"],
    ["a udf", { ...bnpl, udf1: "x" }, "additional properties"],
    ["si_Details", { ...bnpl, si_Details: dates }, "additional properties"],
  ],
);

table(
  "_payment request (oneOf of the three shapes)",
  () => validatorAt("gateway", requestSchema(PAY, "post", FORM)),
  [
    ["Intent", intent],
    ["Collect", collect],
    ["Collect with siDetails", { ...without(collect, "si_Details"), siDetails: dates }],
    ["BNPL", bnpl],
  ],
  [
    ["Intent plus a vpa", { ...intent, vpa: "asha@okbank" }, "oneOf"],
    ["Collect without vpa", without(collect, "vpa"), "oneOf"],
    ["both dates fields", { ...intent, siDetails: dates }, "oneOf"],
    ["pg CARD", { ...intent, pg: "CARD" }, "oneOf"],
    ["BNPL with a UPI bankcode", { ...bnpl, bankcode: "UPI" }, "oneOf"],
    ["an empty body", {}, "oneOf"],
  ],
);

describe("_payment JSON-in-form dates and alias", () => {
  const content = (shape: string, field: string) =>
    validatorAt("gateway", ptr("components", "schemas", shape, "properties", field, "contentSchema"));
  it.each([
    ["UpiMandateIntentRequest", "si_Details"],
    ["UpiMandateIntentRequest", "siDetails"],
    ["UpiMandateCollectRequest", "si_Details"],
    ["UpiMandateCollectRequest", "siDetails"],
  ])("%s.%s is JSON whose contentSchema takes the two dates only", (shape, field) => {
    const prop = at("gateway", ptr("components", "schemas", shape, "properties", field)) as Obj;
    expect(prop.contentMediaType).toBe("application/json");
    expect(check(content(shape, field), upiDates)).toEqual([]);
    expect(check(content(shape, field), { ...upiDates, billingCycle: "ADHOC" }).join()).toContain(
      "additional properties",
    );
    expect(check(content(shape, field), without(upiDates, "paymentEndDate")).join()).toContain(
      "paymentEndDate",
    );
    if (field === "siDetails") expect(prop["x-pgi-alias-of"]).toBe("si_Details");
  });
  it.each(["upiIntent", "upiCollect"])("example %s carries valid dates JSON", (name) => {
    const node = at(
      "gateway",
      ptr("paths", PAY, "post", "requestBody", "content", FORM, "examples", name),
    ) as Obj;
    const ex = (at("gateway", String(node.$ref).slice(1)) as Obj).value as Obj;
    const raw = String(ex.si_Details ?? ex.siDetails);
    expect(check(content("UpiMandateIntentRequest", "si_Details"), JSON.parse(raw))).toEqual([]);
  });
});

// ---------------------------------------------------------------- hosted checkout: response and callback

const bnplOk = example("BnplRepeatUserSuccess");
const bnplResult = bnplOk.result as Obj;
const bnplMeta = bnplOk.metaData as Obj;
table(
  "HostedCheckoutPaymentResponse",
  () => validatorAt("gateway", responseSchema(PAY, "post", "200")),
  [
    ["a BNPL success", bnplOk],
    ["an empty result", { metaData: bnplMeta, result: {} }],
    [
      "null message and statusCode",
      { ...bnplOk, metaData: { ...bnplMeta, message: null, statusCode: null } },
    ],
    [
      "a null gatewayToken",
      { ...bnplOk, result: { ...bnplResult, link_and_pay: { customerLinked: "false", gatewayToken: null } } },
    ],
    [
      "an empty gatewayToken",
      { ...bnplOk, result: { ...bnplResult, link_and_pay: { customerLinked: "true", gatewayToken: "" } } },
    ],
    ["a null otpPostUrl", { ...bnplOk, result: { ...bnplResult, otpPostUrl: null } }],
    [
      "unknown fields (responses are open)",
      { ...bnplOk, extra: true, result: { ...bnplResult, newField: "x" } },
    ],
  ],
  [
    ...missing(bnplOk, ["metaData", "result"]),
    ["a numeric message", { ...bnplOk, metaData: { ...bnplMeta, message: 5 } }, "/metaData/message"],
    ["a numeric statusCode", { ...bnplOk, metaData: { ...bnplMeta, statusCode: 0 } }, "/metaData/statusCode"],
    ["a null txnStatus", { ...bnplOk, metaData: { ...bnplMeta, txnStatus: null } }, "/metaData/txnStatus"],
    [
      "a numeric intentURIData",
      { ...bnplOk, metaData: { ...bnplMeta, intentURIData: 1 } },
      "/metaData/intentURIData",
    ],
    [
      "pureS2SSupported as a string",
      { ...bnplOk, binData: { pureS2SSupported: "false" } },
      "/binData/pureS2SSupported",
    ],
    [
      "customerLinked as a boolean",
      { ...bnplOk, result: { ...bnplResult, link_and_pay: { customerLinked: true } } },
      "customerLinked",
    ],
    [
      "customerLinked yes",
      { ...bnplOk, result: { ...bnplResult, link_and_pay: { customerLinked: "yes" } } },
      "customerLinked",
    ],
    [
      "a numeric gatewayToken",
      { ...bnplOk, result: { ...bnplResult, link_and_pay: { customerLinked: "true", gatewayToken: 5 } } },
      "gatewayToken",
    ],
    ["a numeric otpPostUrl", { ...bnplOk, result: { ...bnplResult, otpPostUrl: 5 } }, "/result/otpPostUrl"],
    [
      "a numeric acsTemplate",
      { ...bnplOk, result: { ...bnplResult, acsTemplate: 5 } },
      "/result/acsTemplate",
    ],
    [
      "an ISO addedon",
      { ...bnplOk, result: { ...bnplResult, addedon: "2026-08-12T11:02:09" } },
      "/result/addedon",
    ],
    ["a numeric udf10", { ...bnplOk, result: { ...bnplResult, udf10: 10 } }, "/result/udf10"],
    ["a numeric field9", { ...bnplOk, result: { ...bnplResult, field9: 9 } }, "/result/field9"],
    ["a numeric error", { ...bnplOk, result: { ...bnplResult, error: 308 } }, "/result/error"],
  ],
);

describe("TransactionResult lists every transaction field", () => {
  const names = [
    "mihpayid",
    "mode",
    "status",
    "key",
    "txnid",
    "amount",
    "addedon",
    "productinfo",
    "firstname",
    "lastname",
    "address1",
    "address2",
    "city",
    "state",
    "country",
    "zipcode",
    "email",
    "phone",
    ...Array.from({ length: 10 }, (_, i) => `udf${i + 1}`),
    "card_token",
    "card_no",
    ...Array.from({ length: 10 }, (_, i) => `field${i}`),
    "payment_source",
    "PG_TYPE",
    "error",
    "error_Message",
    "net_amount_debit",
    "discount",
    "offer_key",
    "offer_availed",
    "additionalCharges",
    "unmappedstatus",
    "hash",
    "bank_ref_no",
    "bank_ref_num",
    "bankcode",
    "surl",
    "curl",
    "furl",
  ];
  it.each(names)("%s", (name) => {
    expect(at("gateway", ptr("components", "schemas", "TransactionResult", "properties", name))).toBeTruthy();
  });
  const mandateNames = [
    "mihpayid",
    "mode",
    "status",
    "key",
    "txnid",
    "amount",
    "addedon",
    "productinfo",
    "firstname",
    "card_no",
    "error",
    "error_Message",
    "issuing_bank",
    "card_type",
    "AcqTID",
    "AcqName",
    "AuthCode",
    "net_amount_debit",
    "bank_ref_no",
    "bankcode",
    "PG_TYPE",
    "IsStandingInstructionSet",
    "payment_source",
    "hash",
  ];
  it.each(mandateNames)("MandateAuthorizationResult.%s", (name) => {
    expect(
      at("gateway", ptr("components", "schemas", "MandateAuthorizationResult", "properties", name)),
    ).toBeTruthy();
  });
});

const CALLBACK = ptr(
  "paths",
  PAY,
  "post",
  "callbacks",
  "collectFinalResponse",
  "{$request.body#/surl}",
  "post",
);
const collectOk = example("CollectFinalSuccess");
table(
  "Collect final response (callback body)",
  () => validatorAt("gateway", `${CALLBACK}/requestBody/content/${FORM.replace("/", "~1")}/schema`),
  [
    ["a success", collectOk],
    ["a failure", example("CollectFinalFailure")],
    ["an unknown field (the gateway may add fields)", { ...collectOk, newField: "x" }],
  ],
  [
    ...missing(collectOk, ["txnid", "status", "hash"]),
    ["mode BNPL", { ...collectOk, mode: "BNPL" }, "/mode"],
    ["PG_TYPE BNPL-PG", { ...collectOk, PG_TYPE: "BNPL-PG" }, "/PG_TYPE"],
    ["bankcode INTENT", { ...collectOk, bankcode: "INTENT" }, "/bankcode"],
    ["a bad addedon", { ...collectOk, addedon: "12-08-2026 10:21:37" }, "/addedon"],
  ],
);

// ---------------------------------------------------------------- operations, extensions and named examples

type Op = { where: string; op: Obj };
function operations(): Op[] {
  const doc = loadBundle("gateway");
  const out: Op[] = [];
  for (const [path, item] of Object.entries(doc.paths as Obj)) {
    for (const [method, op] of Object.entries(item as Obj)) {
      out.push({ where: `${method} ${path}`, op: op as Obj });
      for (const [name, cb] of Object.entries(((op as Obj).callbacks ?? {}) as Obj)) {
        for (const [expr, cbItem] of Object.entries(cb as Obj)) {
          for (const [m, cbOp] of Object.entries(cbItem as Obj))
            out.push({ where: `callback ${name} ${m} ${expr}`, op: cbOp as Obj });
        }
      }
    }
  }
  return out;
}
const deref = (node: Obj): Obj =>
  typeof node.$ref === "string" ? deref(at("gateway", node.$ref.slice(1)) as Obj) : node;

/** Property names declared anywhere in a schema (through $ref, allOf, oneOf, anyOf), with their sub-schemas. */
function declared(node: Obj, into = new Map<string, Obj[]>()): Map<string, Obj[]> {
  const s = deref(node);
  for (const [k, v] of Object.entries((s.properties ?? {}) as Obj))
    into.set(k, [...(into.get(k) ?? []), v as Obj]);
  for (const key of ["allOf", "oneOf", "anyOf"])
    for (const sub of (s[key] ?? []) as Obj[]) declared(sub, into);
  return into;
}
/** Paths of example properties that no schema declares (catches typos that open schemas would let through). */
function undeclared(schemas: Obj[], value: unknown, path = ""): string[] {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return [];
  const props = new Map<string, Obj[]>();
  for (const s of schemas) declared(s, props);
  if (props.size === 0) return [];
  return Object.entries(value as Obj).flatMap(([k, v]) =>
    props.has(k) ? undeclared(props.get(k)!, v, `${path}/${k}`) : [`${path}/${k}`],
  );
}

type Body = { where: string; pointer: string; examples: [string, unknown][] };
function bodies(): Body[] {
  const out: Body[] = [];
  const doc = loadBundle("gateway");
  for (const [path, item] of Object.entries(doc.paths as Obj)) {
    const visit = (opPtr: string, op: Obj) => {
      const collect = (where: string, contentPtr: string, content: Obj) => {
        for (const [media, mt] of Object.entries(content)) {
          const examples = Object.entries(((mt as Obj).examples ?? {}) as Obj).map(
            ([n, e]): [string, unknown] => [n, deref(e as Obj).value],
          );
          out.push({
            where: `${where} ${media}`,
            pointer: `${contentPtr}/${media.replace("/", "~1")}/schema`,
            examples,
          });
        }
      };
      if (op.requestBody)
        collect(`${opPtr} request`, `${opPtr}/requestBody/content`, (op.requestBody as Obj).content as Obj);
      for (const [status, r] of Object.entries((op.responses ?? {}) as Obj)) {
        const resolved = deref(r as Obj);
        const base =
          typeof (r as Obj).$ref === "string"
            ? String((r as Obj).$ref).slice(1)
            : `${opPtr}/responses/${status}`;
        if (resolved.content) collect(`${opPtr} ${status}`, `${base}/content`, resolved.content as Obj);
      }
    };
    for (const [method, op] of Object.entries(item as Obj)) {
      const opPtr = ptr("paths", path, method);
      visit(opPtr, op as Obj);
      for (const [name, cb] of Object.entries(((op as Obj).callbacks ?? {}) as Obj)) {
        for (const [expr, cbItem] of Object.entries(cb as Obj)) {
          for (const m of Object.keys(cbItem as Obj))
            visit(
              `${opPtr}/callbacks/${name}/${expr.replace(/~/g, "~0").replace(/\//g, "~1")}/${m}`,
              (cbItem as Obj)[m] as Obj,
            );
        }
      }
    }
  }
  return out;
}

describe("operations", () => {
  it("are the two paths plus the Collect callback", () => {
    expect(
      operations()
        .map((o) => o.op.operationId)
        .sort(),
    ).toEqual([
      "authorizeMandateTransaction",
      "initiateHostedCheckoutPayment",
      "receiveCollectFinalResponse",
    ]);
  });
  it.each(operations().map((o): [string, Obj] => [o.where, o.op]))(
    "%s: no token, explained, tagged, described",
    (_w, op) => {
      expect(op.security).toEqual([]);
      expect(typeof op["x-pgi-no-token"]).toBe("string");
      expect((op.tags as string[]).length).toBeGreaterThan(0);
      expect(typeof op.summary).toBe("string");
      expect(typeof op.description).toBe("string");
    },
  );
  it("attach the signature and rule recipes", () => {
    const sig = (p: string) => (at("gateway", p) as Obj).id;
    expect(sig(ptr("paths", AUTH, "post", "x-pgi-signature"))).toBe("mandate-authorization");
    expect(sig(ptr("components", "schemas", "UpiMandateIntentRequest", "x-pgi-signature"))).toBe(
      "upi-mandate-registration",
    );
    expect(sig(ptr("components", "schemas", "UpiMandateCollectRequest", "x-pgi-signature"))).toBe(
      "upi-mandate-registration",
    );
    expect(sig(ptr("components", "schemas", "BnplLinkAndPayRequest", "x-pgi-signature"))).toBe(
      "payment-request",
    );
    expect(sig(ptr("components", "schemas", "MandateAuthorizationResult", "x-pgi-signature"))).toBe(
      "payment-response",
    );
    expect(sig(ptr("components", "schemas", "TransactionResult", "x-pgi-signature"))).toBe(
      "payment-response",
    );
    expect(sig(ptr("components", "schemas", "CollectFinalResponse", "x-pgi-signature"))).toBe(
      "payment-response",
    );
    const rule = (p: string) => (at("gateway", p) as Obj).description as string;
    expect(rule(ptr("components", "schemas", "MandateAuthorizationResponse", "x-pgi-rule"))).toContain(
      "four conditions",
    );
    expect(rule(ptr("components", "schemas", "SiDetails", "x-pgi-rule"))).toContain("ADHOC");
    expect(rule(ptr("components", "schemas", "UpiMandateIntentRequest", "x-pgi-rule"))).toContain("autopay");
    expect(rule(ptr("components", "schemas", "UpiMandateCollectRequest", "x-pgi-rule"))).toContain("autopay");
    expect(
      at(
        "gateway",
        ptr(
          "paths",
          PAY,
          "post",
          "callbacks",
          "collectFinalResponse",
          "{$request.body#/surl}",
          "post",
          "x-pgi-callback-urls",
        ),
      ),
    ).toEqual({ success: "{$request.body#/surl}", failure: "{$request.body#/furl}" });
  });
  it("name the gateway error codes in the docs", () => {
    const info = (loadBundle("gateway").info as Obj).description as string;
    for (const code of ["E000", "E1101", "E2401", "E308"]) expect(info).toContain(code);
  });
});

describe("named examples", () => {
  const all = bodies();
  it("exist on every body", () => {
    for (const b of all) expect(b.examples.length, b.where).toBeGreaterThan(0);
  });
  const rows = all.flatMap((b) =>
    b.examples.map(([n, v]): [string, string, unknown] => [`${b.where} ${n}`, b.pointer, v]),
  );
  it.each(rows)("%s validates against its schema", (_w, pointer, value) => {
    expect(check(validatorAt("gateway", pointer), value)).toEqual([]);
  });
  it.each(rows)("%s uses only declared properties", (_w, pointer, value) => {
    expect(undeclared([at("gateway", pointer) as Obj], value)).toEqual([]);
  });
  it("cover the scenarios the interface shows", () => {
    const names = (p: string) => Object.keys(at("gateway", p) as Obj).sort();
    expect(names(`${responseSchema(PAY, "post", "200").replace(/\/schema$/, "")}/examples`)).toEqual([
      "bnplBankFailure",
      "bnplFirstTimeRegistration",
      "bnplLinkAndPay",
      "bnplRepeatUserNotEligible",
      "bnplRepeatUserSuccess",
      "invalidParameters",
      "upiCollect",
      "upiCollectPending",
      "upiIntent",
      "upiIntentPending",
    ]);
    expect(names(`${responseSchema(AUTH, "post", "200").replace(/\/schema$/, "")}/examples`)).toEqual([
      "bankFailure",
      "registered",
      "savedCard",
      "tokenisedCard",
    ]);
    const codes = (name: string) => (example(name).metaData as Obj).statusCode;
    expect(codes("BnplRepeatUserNotEligible")).toBe("E2401");
    expect(codes("BnplBankFailure")).toBe("E308");
    expect(codes("PaymentInvalidParameters")).toBe("E1101");
    expect(codes("MandateBankFailure")).toBe("E308");
    const notEligible = example("BnplRepeatUserNotEligible");
    expect((notEligible.metaData as Obj).txnStatus).toBe("failed");
    expect((notEligible.metaData as Obj).unmappedStatus).toBe("failure");
    expect((notEligible.result as Obj).link_and_pay).toBeTruthy();
    expect(bnplResult).toMatchObject({ mode: "BNPL", PG_TYPE: "BNPL-PG", unmappedstatus: "captured" });
    expect(typeof (example("UpiIntentPending").metaData as Obj).intentURIData).toBe("string");
    expect(typeof (example("BnplFirstTimeRegistration").result as Obj).acsTemplate).toBe("string");
    expect(registeredResult).toMatchObject({
      status: "success",
      payment_source: "sist",
      IsStandingInstructionSet: "1",
    });
    expect(registeredResult.mihpayid).not.toBe("");
  });
});
