// Smart send create → details → status → extend → cancel → status: a link's life, and 1122 for a second cancel.
import type { FlowDefinition, Json } from "../suite/flow-types.js";

const stamp = (ms: number) => new Date(ms).toISOString().replace("Z", "+0000");
const field = (body: unknown, key: string) => (body as Json | undefined)?.[key];
const dataField = (body: unknown, key: string) => (field(body, "data") as Json | undefined)?.[key];

export const flow: FlowDefinition = {
  name: "smart send create → details → status → extend → cancel → status",
  order: 40,
  hosts: ["payout"],
  needsControl: false,
  async run(c) {
    const ref = `CONF${Date.now() % 1_000_000_000}`;
    const created = await c.step("createSmartSendLink", {
      body: {
        ...c.example("createSmartSendLink"),
        merchantRefId: ref,
        expiryDate: stamp(Date.now() + 7 * 86_400_000),
      },
    });
    const linkId = dataField(created.body, "linkId");
    c.expect(typeof linkId === "string", "create returns a linkId", "a string", linkId);
    if (typeof linkId !== "string") return; // nothing to follow: the create step's findings say why
    const details = await c.step("getSmartSendDetails", { query: { merchantRefId: ref } });
    const found = dataField(details.body, "merchantRefId");
    c.expect(found === ref, "details finds the link", ref, found);
    await c.step("getSmartSendStatus", { query: { linkId } });
    const extended = await c.step("extendSmartSendExpiry", {
      pathParams: { id: linkId },
      body: { expiryDate: stamp(Date.now() + 14 * 86_400_000) },
    });
    c.expect(
      field(extended.body, "status") === 0,
      "extend succeeds",
      "status 0",
      field(extended.body, "status"),
    );
    const cancelled = await c.step("cancelSmartSendLink", { query: { merchantRefId: ref } });
    c.expect(
      field(cancelled.body, "status") === 0,
      "cancel succeeds",
      "status 0",
      field(cancelled.body, "status"),
    );
    const twice = await c.step("cancelSmartSendLink", { query: { merchantRefId: ref } });
    c.expect(
      field(twice.body, "code") === 1122,
      "a second cancel reports 1122",
      "1122",
      field(twice.body, "code"),
    );
    const status = await c.step("getSmartSendStatus", { query: { linkId } });
    c.expect(
      field(status.body, "code") === 1122,
      "status reports the cancelled link",
      "1122",
      field(status.body, "code"),
    );
  },
};
