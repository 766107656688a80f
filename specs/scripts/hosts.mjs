// The seven hosts of the interface: spec folder, Redocly alias, default mock port and base-URL variable.
export const HOSTS = [
  { host: "otp", alias: "otp@v0", port: 4010, env: "PGI_OTP_URL", title: "OTP and token service" },
  { host: "gateway", alias: "gateway@v1", port: 4011, env: "PGI_GATEWAY_URL", title: "Payment gateway" },
  { host: "wallet", alias: "wallet@v1", port: 4012, env: "PGI_WALLET_URL", title: "Wallet" },
  { host: "partner", alias: "partner@v1", port: 4013, env: "PGI_PARTNER_URL", title: "Partner onboarding" },
  {
    host: "accounts",
    alias: "accounts@v1",
    port: 4014,
    env: "PGI_ACCOUNTS_URL",
    title: "Accounts (partner sign-in)",
  },
  { host: "payout", alias: "payout@v2", port: 4015, env: "PGI_PAYOUT_URL", title: "Payout smart send" },
  { host: "bbps", alias: "bbps@v1", port: 4016, env: "PGI_BBPS_URL", title: "Bill-payment complaints" },
];
