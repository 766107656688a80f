import { describe, expect, it } from "vitest";
import { formatCatalogue, isKnownEvent, readEventCatalogue } from "./event-kinds.js";
import { CliUsageError } from "./io.js";
import { splitPositionals } from "./positionals.js";
import { statusChange } from "./trigger.js";
import { registrationUrl } from "./trigger-target.js";

const catalogue = readEventCatalogue();

describe("the event catalogue comes from the partner bundle", () => {
  it("lists the known kinds, the KYC fragments and the statuses", () => {
    expect(catalogue.kinds.map((k) => k.name)).toContain("Bank verification status update");
    expect(catalogue.fragments.list).toEqual(["SIGNED_", "PAN", "GOVT_", "BANK_PROOF", "ADDRESS_"]);
    expect(catalogue.statuses).toEqual(["Pending", "Received", "Approved", "Declined", "Success"]);
    const text = formatCatalogue(catalogue, "pgi-mock trigger");
    for (const k of catalogue.kinds) expect(text).toContain(k.name);
    expect(text).toContain("SIGNED_AUTHORISATION_LETTER status update");
  });

  it.each([
    ["Website status update", true],
    ["GOVT_ID_PROOF status update", true],
    ["PAN_CARD status update", true],
    ["Something else", false],
    ["PAN", false],
  ])("%s known: %s", (name, known) => {
    expect(isKnownEvent(catalogue, name)).toBe(known);
  });
});

describe("statusChange: the fields, defaulted sensibly", () => {
  it("Approved by default, Success for an agreement; error, remarks and mid left to the mock", () => {
    expect(statusChange("Website status update", {}, catalogue)).toEqual({
      event_name: "Website status update",
      current_status: "Approved",
    });
    expect(statusChange("Agreement status update", {}, catalogue).current_status).toBe("Success");
  });

  it("Declined carries a reason in error; a declined KYC document also guidance in remarks", () => {
    const bank = statusChange("Bank verification status update", { status: "Declined" }, catalogue);
    expect(bank.error).toBe(catalogue.declined.error);
    expect(bank.error).not.toBe("NA");
    expect(bank.remarks).toBeUndefined();
    const kyc = statusChange("SIGNED_AUTHORISATION_LETTER status update", { status: "Declined" }, catalogue);
    expect(kyc.remarks).toBe(catalogue.declined.remarks);
    expect(kyc.remarks).not.toBe("NA");
  });

  it("what is given is sent as given", () => {
    const values = {
      status: "Received",
      previous: "Pending",
      error: "ü 😀",
      remarks: "NA",
      mid: "9007199254740991",
    };
    expect(statusChange("X", values, catalogue)).toEqual({
      event_name: "X",
      current_status: "Received",
      previous_status: "Pending",
      error: "ü 😀",
      remarks: "NA",
      mid: 9007199254740991,
    });
  });

  it.each([["-1"], ["1.5"], ["9007199254740992"], ["12a"], [""]])(
    "--mid %j is refused naming the rule",
    (mid) => {
      expect(() => statusChange("X", { mid }, catalogue)).toThrow(/--mid .*an integer 0-9007199254740991/);
    },
  );

  it("an empty --status is refused", () => {
    expect(() => statusChange("X", { status: "" }, catalogue)).toThrow(CliUsageError);
  });
});

describe("registrationUrl: what --to registers", () => {
  it.each([
    ["http://127.0.0.1:8080/hook", "https://127.0.0.1:8080/hook"],
    ["http://localhost:9000/a?b=1", "https://localhost:9000/a?b=1"],
    ["http://[::1]:8080/x", "https://[::1]:8080/x"],
    ["http://127.0.0.1/hook", "https://127.0.0.1:80/hook"],
    ["https://hooks.example.com/pgi", "https://hooks.example.com/pgi"],
  ])("%s -> %s", (to, want) => {
    expect(registrationUrl(to)).toBe(want);
  });

  it.each([
    ["http://hooks.example.com/pgi", /https:\/\/ \(the interface's rule\)/],
    ["ftp://127.0.0.1/x", /an http:\/\/ or https:\/\/ URL/],
    ["not a url", /not an absolute URL/],
    ["https://user:pw@example.com/x", /without user information/],
  ])("%s refused", (to, why) => {
    expect(() => registrationUrl(to)).toThrow(why);
  });
});

describe("splitPositionals", () => {
  const table = {
    status: { type: "string" as const },
    list: { type: "boolean" as const },
    help: { type: "boolean" as const, short: "h" },
  };
  it.each([
    [["Website status update", "--status", "Approved"], ["--status", "Approved"], ["Website status update"]],
    [["--status", "-x", "E"], ["--status", "-x"], ["E"]],
    [["--status=Declined", "E", "--list"], ["--status=Declined", "--list"], ["E"]],
    [["-h"], ["-h"], []],
    [["--", "--list"], [], ["--list"]],
  ])("%j", (argv, options, positionals) => {
    expect(splitPositionals(argv, table)).toEqual({ options, positionals });
  });
});
