// Realistic inputs shared by the tests (shaped like the interface's examples; secrets are test-only).

export const SALT = "tS4lt-9f3K2mQ7xZ";
export const SIGNING_SECRET = "whsec-test-8Hq2Lx7Rv4";

export const authenticationInfoObject = {
  referenceId: "ref-7c1e2b34-9a0d-4f55-b2c1-0d4e9a6f3b21",
  cres: "eyJhY3NUcmFuc0lEIjoiOGM4ZjJhNjEtM2QzNCJ9",
  additionalInfo: { authUdf1: "plan-gold", authUdf2: "", authUdf3: "", authUdf4: "", authUdf5: "" },
  siTokenDetails: {
    token_exp_yr: "2027",
    token_exp_mon: "12",
    token_value: "4895380110000001",
    card_name: "Ashish Kumar",
    tavv: "AAABBWcSNIdjeUZThmNHAAAAAAA=",
    par: "V0010013020217175212437101917",
    last4digits: "1234",
  },
};

/** authentication_info exactly as a client submits it (one JSON.stringify). */
export const AUTHENTICATION_INFO =
  '{"referenceId":"ref-7c1e2b34-9a0d-4f55-b2c1-0d4e9a6f3b21","cres":"eyJhY3NUcmFuc0lEIjoiOGM4ZjJhNjEtM2QzNCJ9",' +
  '"additionalInfo":{"authUdf1":"plan-gold","authUdf2":"","authUdf3":"","authUdf4":"","authUdf5":""},' +
  '"siTokenDetails":{"token_exp_yr":"2027","token_exp_mon":"12","token_value":"4895380110000001",' +
  '"card_name":"Ashish Kumar","tavv":"AAABBWcSNIdjeUZThmNHAAAAAAA=","par":"V0010013020217175212437101917","last4digits":"1234"}}';

export const siDetailsObject = {
  billingAmount: "10.00",
  billingCurrency: "INR",
  billingCycle: "MONTHLY",
  billingInterval: 1,
  paymentStartDate: "2025-01-01",
  paymentEndDate: "2027-12-31",
};

export const SI_DETAILS =
  '{"billingAmount":"10.00","billingCurrency":"INR","billingCycle":"MONTHLY","billingInterval":1,' +
  '"paymentStartDate":"2025-01-01","paymentEndDate":"2027-12-31"}';

export const paymentRequest = {
  key: "JPM7Fg",
  txnid: "TXN1700000001",
  amount: "10.00",
  productinfo: "Gold plan",
  firstname: "Ashish",
  email: "ashish@example.com",
  udf1: "order-42",
  udf2: "",
  udf3: "",
  udf4: "",
  udf5: "web",
};

export const paymentResponse = {
  status: "success",
  key: "JPM7Fg",
  txnid: "TXN1700000001",
  amount: "10.00",
  productinfo: "Gold plan",
  firstname: "Ashish",
  email: "ashish@example.com",
  udf1: "order-42",
  udf2: "",
  udf3: "",
  udf4: "",
  udf5: "web",
};

export const walletRequest = {
  amount: "10.00",
  cell: "9876543210",
  merchantname: "Acme Stores",
  mid: "M1234567",
  msgcode: "504",
  otp: "123456",
  tokentype: 1,
};

export const walletResponse = {
  messagecode: "505",
  status: "SUCCESS",
  statuscode: "000",
  statusdescription: "Token generated successfully",
};

export const webhookPayload = {
  previous_status: "Pending",
  current_status: "Approved",
  change_timestamp: 1700000000,
  mid: 5123456,
  merchant_uuid: "3f0c8a52-6f1e-4b8e-9d57-2a6c1e0b9f44",
  event_name: "Bank verification status update",
  error: "NA",
  remarks: "NA",
};

/** The same payload as raw bytes on the wire (body order, as the gateway sends it). */
export const WEBHOOK_BODY =
  '{"previous_status":"Pending","current_status":"Approved","change_timestamp":1700000000,"mid":5123456,' +
  '"merchant_uuid":"3f0c8a52-6f1e-4b8e-9d57-2a6c1e0b9f44","event_name":"Bank verification status update","error":"NA","remarks":"NA"}';

/** Canonical form of WEBHOOK_BODY, written out by hand: keys sorted, key+value, no separators. */
export const WEBHOOK_CANONICAL =
  "change_timestamp1700000000current_statusApprovederrorNAevent_nameBank verification status update" +
  "merchant_uuid3f0c8a52-6f1e-4b8e-9d57-2a6c1e0b9f44mid5123456previous_statusPendingremarksNA";
