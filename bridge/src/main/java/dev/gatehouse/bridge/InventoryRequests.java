package dev.gatehouse.bridge;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.bukkit.Material;
import org.bukkit.Server;
import org.bukkit.entity.Player;
import org.bukkit.inventory.ItemStack;

/** The inventories group: what a player holds, and giving or taking items. */
final class InventoryRequests implements RequestGroup {
    private final Server server;
    private final Handlers handlers;

    InventoryRequests(Server server, Handlers handlers) {
        this.server = server;
        this.handlers = handlers;
    }

    @Override
    public void register(RequestTable table) {
        table.offer("inventories");
        table.read("inventories.read", handlers.onMainThread(p -> inventory(OnlinePlayer.named(server, p.string("name"), "player"))));
        table.change("inventories.remove", handlers.onMainThread(p -> {
            int count = p.positiveInt("count");
            Material material = item(p.string("item"));
            return removeItems(OnlinePlayer.named(server, p.string("name"), "player"), material, count);
        }));
        table.change("inventories.give", handlers.onMainThread(p -> {
            int count = p.positiveInt("count");
            Material material = item(p.string("item"));
            return giveItems(OnlinePlayer.named(server, p.string("name"), "player"), material, count);
        }));
    }

    private static Material item(String name) {
        Material material = Material.matchMaterial(name);
        if (material == null || !material.isItem()) throw RpcException.unknownItem(name);
        return material;
    }

    private static List<Map<String, Object>> inventory(Player player) {
        List<Map<String, Object>> stacks = new ArrayList<>();
        ItemStack[] contents = player.getInventory().getContents();
        for (int slot = 0; slot < contents.length; slot++) {
            ItemStack stack = contents[slot];
            if (stack == null || stack.getAmount() <= 0 || !stack.getType().isItem()) continue;
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("item", stack.getType().name().toLowerCase(Locale.ROOT));
            entry.put("count", stack.getAmount());
            entry.put("slot", slot);
            stacks.add(entry);
        }
        return stacks;
    }

    /** Removes up to count, a stack at a time (an ItemStack holds at most one stack's worth on Paper). */
    private static int removeItems(Player player, Material material, int count) {
        int held = 0;
        for (ItemStack stack : player.getInventory().getContents()) {
            if (stack != null && stack.getType() == material) held += stack.getAmount();
        }
        int wanted = Math.min(held, count);
        int removed = 0;
        while (removed < wanted) {
            int chunk = Math.min(material.getMaxStackSize(), wanted - removed);
            int left = leftover(player.getInventory().removeItem(new ItemStack(material, chunk)));
            removed += chunk - left;
            if (left > 0) break;
        }
        return removed;
    }

    private static int giveItems(Player player, Material material, int count) {
        int given = 0;
        while (given < count) {
            int chunk = Math.min(material.getMaxStackSize(), count - given);
            int left = leftover(player.getInventory().addItem(new ItemStack(material, chunk)));
            given += chunk - left;
            if (left > 0) break; // the inventory is full
        }
        return given;
    }

    private static int leftover(Map<Integer, ItemStack> notDone) {
        int left = 0;
        for (ItemStack stack : notDone.values()) left += stack.getAmount();
        return left;
    }
}
