package dev.gatehouse.bridge;

/**
 * The methods of one group of the protocol, those whose names share its
 * prefix (whitelist.add, whitelist.list, ...), and the capability the group
 * stands for in the hello when the server offers it.
 */
interface RequestGroup {
    void register(RequestTable table);
}
