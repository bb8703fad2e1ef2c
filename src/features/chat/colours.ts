/** The side-bar colour of each kind of event the chat webhook posts (Discord embed colours). */
export const chatColours = { join: 0x57f287, leave: 0x95a5a6, account: 0x5865f2, announcement: 0xfee75c, restart: 0xed4245, cancelled: 0x57f287, server: 0x3498db };
