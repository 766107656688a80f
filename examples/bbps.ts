// Bill-payment complaint status.
import { createBbpsClient } from "@pgi/client";
import { loadConfig } from "./config.js";

const { env } = await loadConfig();
const bbps = createBbpsClient({ baseUrl: env.PGI_BBPS_URL, credentials: { token: env.PGI_BBPS_TOKEN } });
const { data, error } = await bbps.GET("/gateway-nbc/v1/nbc/checkComplaintStatus", {
  params: { query: { complaintId: "CMP-1001" } },
});
if (error) throw new Error(`refused: ${JSON.stringify(error)}`);
console.log(
  `complaint: ${data && "payload" in data && data.payload && "complaintStatus" in data.payload ? data.payload.complaintStatus : JSON.stringify(data)}`,
);
