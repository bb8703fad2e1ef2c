package org.bukkit;

/** Compile-only stub of org.bukkit.World (interface); getName is declared in WorldInfo in Paper. */
public interface World {
    String getName();

    Difficulty getDifficulty();

    void setDifficulty(Difficulty difficulty);

    /** Deprecated in Paper since 1.21.9 for the pvp game rule; present in every version. */
    boolean getPVP();

    void setPVP(boolean pvp);
}
