package dev.gatehouse.bridge;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.bukkit.Server;
import org.bukkit.command.Command;
import org.bukkit.command.CommandExecutor;
import org.bukkit.command.CommandSender;
import org.bukkit.entity.Player;

/**
 * A player command the sidecar answers: a code command, /register
 * (`register.command`) or /resetpassword (`resetpassword.command`), and
 * the commands its features offer, /balance and /pay (`command.run`). The
 * question goes out on the bridge's threads; the answer is shown on the main
 * thread when it comes, so the server never waits for it. An answer with
 * `parts` (the portal's address in /register's) is shown with its links
 * clickable, through the server's own {@code tellraw}; its plain
 * {@code message} where that cannot be done.
 */
public final class SidecarCommand implements CommandExecutor {
    static final String CODE_APOLOGY = "Something went wrong getting your code. Please try again in a minute.";
    static final String APOLOGY = "Something went wrong. Please try again in a minute.";
    static final String UNAVAILABLE = "This command is not available on this server.";
    /**
     * A /pay through Vault may ask the server again under the same operation
     * id when an answer is lost, which takes several of the sidecar's request
     * timeouts: the player is told the outcome, not "try again" while it is
     * still being settled.
     */
    static final long FEATURE_COMMAND_TIMEOUT_MS = 30_000;

    private final BridgeConnection bridge;
    private final MainThread mainThread;
    private final Server server;
    /** The command as plugin.yml names it, e.g. {@code register} or {@code balance}. */
    private final String name;
    /** A code command has a method of its own ({@code register.command}); the others go through {@code command.run}. */
    private final boolean codeCommand;

    private SidecarCommand(BridgeConnection bridge, MainThread mainThread, Server server, String name, boolean codeCommand) {
        this.bridge = bridge;
        this.mainThread = mainThread;
        this.server = server;
        this.name = name;
        this.codeCommand = codeCommand;
    }

    /** @param name a code command as plugin.yml and the sidecar name it: {@code register} or {@code resetpassword} */
    static SidecarCommand code(BridgeConnection bridge, MainThread mainThread, Server server, String name) {
        return new SidecarCommand(bridge, mainThread, server, name, true);
    }

    /** @param name the command as plugin.yml and the sidecar name it, e.g. {@code balance} */
    static SidecarCommand feature(BridgeConnection bridge, MainThread mainThread, Server server, String name) {
        return new SidecarCommand(bridge, mainThread, server, name, false);
    }

    @Override
    public boolean onCommand(CommandSender sender, Command command, String label, String[] args) {
        if (!(sender instanceof Player player)) {
            sender.sendMessage("Only players can use /" + name + ": join the server and type it there.");
            return true;
        }
        Map<String, Object> params = new LinkedHashMap<>();
        params.put("player", Wire.player(player));
        if (!codeCommand) {
            params.put("command", name);
            params.put("args", Arrays.asList(args));
        }
        CompletableFuture<Object> asked = codeCommand
                ? bridge.request(name + ".command", params)
                : bridge.request("command.run", params, FEATURE_COMMAND_TIMEOUT_MS);
        asked.whenComplete((answer, error) -> {
            String message = error == null && answer instanceof Map<?, ?> map && map.get("message") instanceof String text ? text : failure(error);
            String component = error == null && answer instanceof Map<?, ?> map ? linkedComponent(map.get("parts")) : null;
            mainThread.run(() -> {
                if (!player.isOnline()) return;
                if (component == null || !tellraw(player, component)) player.sendMessage(message);
            });
        });
        return true;
    }

    /** Shows a text component to the player with the server's own tellraw, run by the console; false when the server has no such command. */
    private boolean tellraw(Player player, String component) {
        try {
            return server.dispatchCommand(server.getConsoleSender(), "minecraft:tellraw " + player.getUniqueId() + " " + component);
        } catch (RuntimeException error) {
            return false;
        }
    }

    /**
     * The answer's {@code parts} ({@code [{text, url?}]}) as one JSON text component, each link underlined with its
     * click event both ways a 1.21 server reads one, aqua and underlined (1.21.5 and later {@code click_event: {action, url}}, earlier
     * {@code clickEvent: {action, value}}; each ignores the other's key); null without parts or with a malformed one.
     */
    static String linkedComponent(Object parts) {
        if (!(parts instanceof List<?> list) || list.isEmpty()) return null;
        List<Object> extra = new ArrayList<>();
        for (Object item : list) {
            if (!(item instanceof Map<?, ?> part) || !(part.get("text") instanceof String text)) return null;
            Map<String, Object> piece = new LinkedHashMap<>();
            piece.put("text", text);
            if (part.get("url") != null) {
                if (!(part.get("url") instanceof String url) || !(url.startsWith("http://") || url.startsWith("https://"))) return null;
                piece.put("color", "aqua");
                piece.put("underlined", Boolean.TRUE);
                piece.put("click_event", Map.of("action", "open_url", "url", url));
                piece.put("clickEvent", Map.of("action", "open_url", "value", url));
            }
            extra.add(piece);
        }
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("text", "");
        root.put("extra", extra);
        return Json.write(root);
    }

    /** What the player reads when no answer came: a sidecar without the command (its feature is off) says so. */
    private String failure(Throwable error) {
        if (RpcException.unwrap(error) instanceof RpcException rpc && rpc.code() == RpcException.METHOD_NOT_FOUND) return UNAVAILABLE;
        return codeCommand ? CODE_APOLOGY : APOLOGY;
    }
}
