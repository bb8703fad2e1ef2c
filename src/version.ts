/** Gatehouse's version, kept equal to package.json's (a test checks). */
export const gatehouseVersion = '0.1.0';
