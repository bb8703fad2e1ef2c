package dev.gatehouse.bridge;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.bukkit.command.Command;
import org.bukkit.command.CommandExecutor;
import org.bukkit.command.CommandSender;
import org.bukkit.entity.Player;

/**
 * A player command the sidecar answers: /register (`register.command`) and
 * the commands its features offer, /balance and /pay (`command.run`). The
 * question goes out on the bridge's threads; the answer is shown on the main
 * thread when it comes, so the server never waits for it.
 */
public final class SidecarCommand implements CommandExecutor {
    static final String REGISTER_APOLOGY = "Something went wrong getting your code. Please try again in a minute.";
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
    /** Null for /register, which has a method of its own. */
    private final String featureCommand;

    private SidecarCommand(BridgeConnection bridge, MainThread mainThread, String featureCommand) {
        this.bridge = bridge;
        this.mainThread = mainThread;
        this.featureCommand = featureCommand;
    }

    static SidecarCommand register(BridgeConnection bridge, MainThread mainThread) {
        return new SidecarCommand(bridge, mainThread, null);
    }

    /** @param name the command as plugin.yml and the sidecar name it, e.g. {@code balance} */
    static SidecarCommand feature(BridgeConnection bridge, MainThread mainThread, String name) {
        return new SidecarCommand(bridge, mainThread, name);
    }

    @Override
    public boolean onCommand(CommandSender sender, Command command, String label, String[] args) {
        if (!(sender instanceof Player player)) {
            sender.sendMessage(featureCommand == null
                    ? "Only players can register: join the server and type /register."
                    : "Only players can use /" + featureCommand + ".");
            return true;
        }
        Map<String, Object> params = new LinkedHashMap<>();
        params.put("player", Wire.player(player));
        if (featureCommand != null) {
            params.put("command", featureCommand);
            params.put("args", Arrays.asList(args));
        }
        CompletableFuture<Object> asked = featureCommand == null
                ? bridge.request("register.command", params)
                : bridge.request("command.run", params, FEATURE_COMMAND_TIMEOUT_MS);
        asked.whenComplete((answer, error) -> {
            String message = error == null && answer instanceof Map<?, ?> map && map.get("message") instanceof String text ? text : failure(error);
            mainThread.run(() -> {
                if (player.isOnline()) player.sendMessage(message);
            });
        });
        return true;
    }

    /** What the player reads when no answer came: a sidecar without the command (its feature is off) says so. */
    private String failure(Throwable error) {
        if (RpcException.unwrap(error) instanceof RpcException rpc && rpc.code() == RpcException.METHOD_NOT_FOUND) return UNAVAILABLE;
        return featureCommand == null ? REGISTER_APOLOGY : APOLOGY;
    }
}
