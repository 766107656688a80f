// Realistic inputs for the benchmark, one per scheme (values shaped like the interface's examples).
export const SALT = "bench-salt-6f1c2a9e";
export const SIGNING_SECRET = "bench-signing-secret-4d7b";

const authenticationInfo = JSON.stringify({
  referenceId: "ref-7c1e2b34-9a0d",
  cres: "eyJhY3NUcmFuc0lEIjoiOGM4ZjIifQ",
  additionalInfo: { authUdf1: "a1", authUdf2: "a2", authUdf3: "", authUdf4: "", authUdf5: "" },
});

export const fixtures = {
  "mandate-authorization": {
    key: "JPM7Fg",
    txnid: "TXN1700000001",
    amount: "10.00",
    authentication_info: authenticationInfo,
  },
  "payment-request": {
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
  },
  "upi-mandate-registration": {
    key: "JPM7Fg",
    txnid: "UPI1700000001",
    amount: "1.00",
    productinfo: "UPI mandate",
    firstname: "Ashish",
    email: "ashish@example.com",
    udf1: "",
    udf2: "",
    udf3: "",
    udf4: "",
    udf5: "",
  },
  "payment-response": {
    status: "success",
    key: "JPM7Fg",
    txnid: "TXN1700000001",
    amount: "10.00",
    productinfo: "Gold plan",
    firstname: "Ashish",
    email: "ashish@example.com",
    udf1: "order-42",
    udf5: "web",
  },
  "wallet-checksum": {
    amount: "10.00",
    cell: "9876543210",
    merchantname: "Acme Stores",
    mid: "M1234567",
    msgcode: "504",
    otp: "123456",
    tokentype: "1",
  },
  "wallet-response-checksum": {
    messagecode: "505",
    status: "SUCCESS",
    statuscode: "000",
    statusdescription: "Token generated successfully",
  },
  "webhook-signature":
    '{"previous_status":"Pending","current_status":"Approved","change_timestamp":1700000000,"mid":5123456,' +
    '"merchant_uuid":"3f0c8a52-6f1e-4b8e-9d57-2a6c1e0b9f44","event_name":"Bank verification status update","error":"NA","remarks":"NA"}',
};
