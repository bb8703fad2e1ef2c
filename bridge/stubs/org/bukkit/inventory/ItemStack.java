package org.bukkit.inventory;

import org.bukkit.Material;

/** Stub of org.bukkit.inventory.ItemStack (class): a type and an amount, as the real class holds. */
public class ItemStack {
    private final Material type;
    private int amount;

    public ItemStack(Material type, int amount) {
        this.type = type;
        this.amount = amount;
    }

    public Material getType() {
        return type;
    }

    public int getAmount() {
        return amount;
    }

    public void setAmount(int amount) {
        this.amount = amount;
    }
}
