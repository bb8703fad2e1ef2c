package org.bukkit;

import org.bukkit.generator.WorldInfo;

/** Compile-only stub of org.bukkit.World (interface; getName comes from WorldInfo, as in Paper). */
public interface World extends WorldInfo {
    Difficulty getDifficulty();

    void setDifficulty(Difficulty difficulty);

    /** Deprecated in Paper since 1.21.9 for the pvp game rule; present in every version. */
    boolean getPVP();

    void setPVP(boolean pvp);
}
