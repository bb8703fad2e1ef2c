package dev.gatehouse.harness;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.bukkit.inventory.ItemStack;
import org.bukkit.inventory.PlayerInventory;

/** A player's 41 slots (36 storage, 4 armour, off hand); items go into the 36 storage slots, as in the game. */
final class FakeInventory implements PlayerInventory {
    private static final int storage = 36;
    private final ItemStack[] slots = new ItemStack[41];
    private final Calls calls;

    FakeInventory(Calls calls) {
        this.calls = calls;
    }

    @Override
    public HashMap<Integer, ItemStack> addItem(ItemStack... items) {
        calls.main("Inventory.addItem " + describe(items));
        HashMap<Integer, ItemStack> leftovers = new HashMap<>();
        for (int index = 0; index < items.length; index++) {
            ItemStack item = items[index];
            int left = item.getAmount();
            int max = item.getType().getMaxStackSize();
            for (int slot = 0; slot < storage && left > 0; slot++) {
                ItemStack stack = slots[slot];
                if (stack != null && stack.getType() == item.getType() && stack.getAmount() < max) {
                    int moved = Math.min(left, max - stack.getAmount());
                    stack.setAmount(stack.getAmount() + moved);
                    left -= moved;
                }
            }
            for (int slot = 0; slot < storage && left > 0; slot++) {
                if (slots[slot] == null) {
                    int moved = Math.min(left, max);
                    slots[slot] = new ItemStack(item.getType(), moved);
                    left -= moved;
                }
            }
            if (left > 0) leftovers.put(index, new ItemStack(item.getType(), left));
        }
        return leftovers;
    }

    @Override
    public HashMap<Integer, ItemStack> removeItem(ItemStack... items) {
        calls.main("Inventory.removeItem " + describe(items));
        HashMap<Integer, ItemStack> leftovers = new HashMap<>();
        for (int index = 0; index < items.length; index++) {
            ItemStack item = items[index];
            int left = item.getAmount();
            for (int slot = 0; slot < slots.length && left > 0; slot++) {
                ItemStack stack = slots[slot];
                if (stack == null || stack.getType() != item.getType()) continue;
                int taken = Math.min(left, stack.getAmount());
                stack.setAmount(stack.getAmount() - taken);
                if (stack.getAmount() == 0) slots[slot] = null;
                left -= taken;
            }
            if (left > 0) leftovers.put(index, new ItemStack(item.getType(), left));
        }
        return leftovers;
    }

    @Override
    public ItemStack[] getContents() {
        calls.main("Inventory.getContents");
        ItemStack[] copy = new ItemStack[slots.length];
        for (int slot = 0; slot < slots.length; slot++) {
            if (slots[slot] != null) copy[slot] = new ItemStack(slots[slot].getType(), slots[slot].getAmount());
        }
        return copy;
    }

    /** What the player holds, slot by slot, as the protocol's inventories.read lists it; for the test, not the plugin. */
    List<Map<String, Object>> describe() {
        List<Map<String, Object>> stacks = new ArrayList<>();
        for (int slot = 0; slot < slots.length; slot++) {
            if (slots[slot] == null) continue;
            Map<String, Object> stack = new LinkedHashMap<>();
            stack.put("item", slots[slot].getType().name().toLowerCase(Locale.ROOT));
            stack.put("count", slots[slot].getAmount());
            stack.put("slot", slot);
            stacks.add(stack);
        }
        return stacks;
    }

    private static String describe(ItemStack[] items) {
        StringBuilder out = new StringBuilder();
        for (ItemStack item : items) out.append(item.getType()).append('x').append(item.getAmount()).append(' ');
        return out.toString().trim();
    }
}
