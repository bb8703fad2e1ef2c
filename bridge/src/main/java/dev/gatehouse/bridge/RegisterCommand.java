package dev.gatehouse.bridge;

import java.util.LinkedHashMap;
import java.util.Map;
import org.bukkit.command.Command;
import org.bukkit.command.CommandExecutor;
import org.bukkit.command.CommandSender;
import org.bukkit.entity.Player;

/**
 * /register: asks the sidecar for a code and shows its answer to the player.
 * The question goes out on the bridge's threads; the answer is shown on the
 * main thread when it comes, so the server never waits for it.
 */
public final class RegisterCommand implements CommandExecutor {
    static final String apology = "Something went wrong getting your code. Please try again in a minute.";

    private final BridgeConnection bridge;
    private final MainThread mainThread;

    RegisterCommand(BridgeConnection bridge, MainThread mainThread) {
        this.bridge = bridge;
        this.mainThread = mainThread;
    }

    @Override
    public boolean onCommand(CommandSender sender, Command command, String label, String[] args) {
        if (!(sender instanceof Player player)) {
            sender.sendMessage("Only players can register: join the server and type /register.");
            return true;
        }
        Map<String, Object> params = new LinkedHashMap<>();
        params.put("player", Wire.player(player));
        bridge.request("register.command", params).whenComplete((answer, error) -> {
            String message = error == null && answer instanceof Map<?, ?> map && map.get("message") instanceof String text ? text : apology;
            mainThread.run(() -> {
                if (player.isOnline()) player.sendMessage(message);
            });
        });
        return true;
    }
}
