// Types of hosts.mjs (the host index read from each spec's x-pgi-host), for the TypeScript that imports it.

export interface HostRow {
  host: string;
  title: string;
  version: string;
  alias: string;
  env: string;
  defaultUrl: string;
  port: number;
  serverUrl: string;
  variables: Record<string, string>;
}

export interface ConfigurationRow {
  name: string;
  host: string;
  field: string;
  secret: boolean;
  suite: "required" | "optional";
  clientOptions: string[];
  use:
    | { security: string }
    | { parameters: string[] }
    | { bodyFields: string[] }
    | { recipeSecret: "salt" | "signing-secret" };
  testValue: string;
  description: string;
}

export interface HostIndex {
  hosts: HostRow[];
  configuration: ConfigurationRow[];
}

export class HostIndexError extends Error {}
export function readHostIndex(dir?: string): HostIndex;
export const HOSTS: HostRow[];
export const CONFIGURATION: ConfigurationRow[];
export function hostIndexModule(index: HostIndex): string;
