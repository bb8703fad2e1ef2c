package dev.gatehouse.bridge;

import java.util.ArrayList;
import java.util.List;
import java.util.logging.Logger;
import org.bukkit.Server;

/**
 * Assembles the table of the requests of docs/bridge-protocol.md that the
 * sidecar sends to the game: each capability group registers its methods,
 * and the table's capabilities, in the order the groups offered them, are
 * those of the hello.
 */
final class GameRequests {
    private final Handlers handlers;
    private final RequestTable table = new RequestTable();
    private final SavesRequests saves;

    /**
     * @param economy null when Vault is absent: the economy methods are then unknown
     * @param restart stops the server for a restart; called on the main thread
     * @param banTexts Gatehouse's words for banned players, which the sidecar sets and {@link BanRefusals} shows
     */
    GameRequests(Server server, MainThread mainThread, BossBarRegistry bossBars, OperatorSnapshot operators, VaultMovements economy, Runnable restart, BanTexts banTexts, Logger logger) {
        handlers = new Handlers(server, mainThread);
        List<RequestGroup> groups = new ArrayList<>(List.of(
                new PlayersRequests(server, handlers),
                new OperatorsRequests(server, handlers, operators),
                new WhitelistRequests(server, handlers),
                new MessagingRequests(server, handlers),
                new TeleportRequests(server, handlers),
                new BossBarRequests(bossBars, handlers),
                new InventoryRequests(server, handlers),
                new ControlRequests(server, mainThread, handlers, restart)));
        if (economy != null) groups.add(new EconomyRequests(economy, handlers));
        groups.add(new PerformanceRequests(server, handlers));
        groups.add(new ModerationRequests(server, handlers, banTexts));
        groups.add(saves = new SavesRequests(server, handlers, mainThread, logger));
        for (RequestGroup group : groups) group.register(table);
    }

    /** What the connection dispatches the sidecar's requests through. */
    RequestTable table() {
        return table;
    }

    /** The plugin is being disabled (main thread). */
    void close() {
        saves.close();
        handlers.close();
    }
}
