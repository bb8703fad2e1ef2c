package org.bukkit.event.entity;

import java.util.List;
import org.bukkit.damage.DamageSource;
import org.bukkit.entity.LivingEntity;
import org.bukkit.inventory.ItemStack;

/** Stub of org.bukkit.event.entity.EntityDeathEvent (class); getEntity is covariant, as in Paper. */
public class EntityDeathEvent extends EntityEvent {
    public EntityDeathEvent(LivingEntity livingEntity, DamageSource damageSource, List<ItemStack> drops) {
        super(livingEntity);
    }

    @Override
    public LivingEntity getEntity() {
        return (LivingEntity) entity;
    }
}
