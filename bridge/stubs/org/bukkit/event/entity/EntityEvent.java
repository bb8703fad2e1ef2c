package org.bukkit.event.entity;

import org.bukkit.entity.Entity;
import org.bukkit.event.Event;

/** Stub of org.bukkit.event.entity.EntityEvent (abstract class). */
public abstract class EntityEvent extends Event {
    protected Entity entity;

    public EntityEvent(Entity what) {
        entity = what;
    }

    public Entity getEntity() {
        return entity;
    }
}
