/**
 * SAP OCI 4.0/5.0 item fields as both sides read them: the shop writes them (backend/commerce/punchout/oci/fields.ts)
 * and the procurement simulator checks what it received (src/features/punchout/simulator/oci-return.ts).
 */

/**
 * Maximum lengths of the OCI 4.0/5.0 item fields, in characters (SAP OCI 4.0 inbound section; ITEM_TYPE and PARENT_ID
 * OCI 5.0). The long text (`LONGTEXT_<n>:132[]`) has no limit.
 */
export const OCI_FIELD_MAX_LENGTH = {
  DESCRIPTION: 40,
  MATNR: 40,
  MATGROUP: 10,
  QUANTITY: 15,
  UNIT: 3,
  PRICE: 15,
  CURRENCY: 5,
  PRICEUNIT: 5,
  LEADTIME: 5,
  VENDOR: 10,
  VENDORMAT: 40,
  MANUFACTCODE: 10,
  MANUFACTMAT: 40,
  SERVICE: 1,
  CONTRACT: 10,
  CONTRACT_ITEM: 5,
  EXT_QUOTE_ID: 35,
  EXT_QUOTE_ITEM: 10,
  EXT_PRODUCT_ID: 40,
  ATTACHMENT: 255,
  ATTACHMENT_TITLE: 255,
  ATTACHMENT_PURPOSE: 1,
  EXT_SCHEMA_TYPE: 10,
  EXT_CATEGORY_ID: 60,
  EXT_CATEGORY: 40,
  SLD_SYS_NAME: 60,
  CUST_FIELD1: 10,
  CUST_FIELD2: 10,
  CUST_FIELD3: 10,
  CUST_FIELD4: 20,
  CUST_FIELD5: 50,
  ITEM_TYPE: 1,
  PARENT_ID: 5,
} as const satisfies Record<string, number>;

/** An OCI item field with a fixed maximum length. */
export type OciItemField = keyof typeof OCI_FIELD_MAX_LENGTH;

/** An OCI number: at most 11 digits before and 3 after a dot (SAP OCI 4.0 inbound section). */
export const OCI_NUMBER_PATTERN = /^\d{1,11}(\.\d{1,3})?$/;
