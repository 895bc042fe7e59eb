/** The build's prebuilt schema validator, as the browser bundle imports it (see tools/build-web.ts). */
declare module "ludex:validator" {
  import type { IrValidator } from "./lang/schema.js";
  const validate: IrValidator;
  export default validate;
}
