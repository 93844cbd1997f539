/**
 * Production unless asked otherwise: Express and React read NODE_ENV from the process
 * environment when they load, so this module is imported before anything else. An empty value
 * counts as unset, like every variable of the site.
 */
if (!process.env.NODE_ENV) process.env.NODE_ENV = "production";

export {};
