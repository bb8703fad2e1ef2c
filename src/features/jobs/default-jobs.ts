/**
 * The jobs shipped in jobs.yml, used when there is none (the plugin's data
 * folder before an owner writes one). A test keeps jobs.yml equal to it.
 */
export const defaultJobsFile = `# Gatehouse: jobs that pay for work done in game (jobs.yml, beside config.yml).
#
# A player joins a job on the web (POST /api/jobs/join) and is paid for what
# the job lists: blocks broken and entities killed, by their Minecraft id
# (minecraft: may be left out). Each entry gives money (in the currency's
# units, at most two decimals) and experience (a whole number). Earnings are
# added up per player and paid as one REWARD transaction every
# jobs.payout-interval-seconds of config.yml.
#
# Nothing is paid in creative or spectator mode, for a block any player
# placed (crops a player planted count as placed), or for work the game
# cancelled. A level's pay is the entry's money times 1 + bonus-per-level
# for every level above the first; experience is never multiplied. Money
# stops at the daily cap (per job, per UTC day; 0: no cap); experience goes
# on. Leaving a job keeps its experience for a later rejoin.
#
# Levels: level 2 takes "first" experience; each later level takes "growth"
# times as much as the one before (rounded), up to level "max".
#
# A mistake stops start-up with the job and the field named, e.g.
#   jobs.yml: job "miner": levels.growth must be a number from 1 to 10

jobs:
  miner:
    name: Miner
    description: Breaks stone and digs out ores, deeper for better pay.
    daily-cap: 250.00
    levels: { max: 50, first: 100, growth: 1.12, bonus-per-level: 0.02 }
    block-broken:
      stone: { money: 0.05, experience: 1 }
      deepslate: { money: 0.07, experience: 1 }
      granite: { money: 0.05, experience: 1 }
      diorite: { money: 0.05, experience: 1 }
      andesite: { money: 0.05, experience: 1 }
      tuff: { money: 0.06, experience: 1 }
      calcite: { money: 0.06, experience: 1 }
      netherrack: { money: 0.02, experience: 1 }
      basalt: { money: 0.05, experience: 1 }
      blackstone: { money: 0.06, experience: 1 }
      end_stone: { money: 0.08, experience: 1 }
      obsidian: { money: 0.50, experience: 5 }
      coal_ore: { money: 0.40, experience: 4 }
      deepslate_coal_ore: { money: 0.45, experience: 4 }
      copper_ore: { money: 0.40, experience: 4 }
      deepslate_copper_ore: { money: 0.45, experience: 4 }
      iron_ore: { money: 0.80, experience: 8 }
      deepslate_iron_ore: { money: 0.90, experience: 8 }
      gold_ore: { money: 1.50, experience: 12 }
      deepslate_gold_ore: { money: 1.60, experience: 12 }
      redstone_ore: { money: 1.00, experience: 10 }
      deepslate_redstone_ore: { money: 1.10, experience: 10 }
      lapis_ore: { money: 1.50, experience: 12 }
      deepslate_lapis_ore: { money: 1.60, experience: 12 }
      diamond_ore: { money: 6.00, experience: 40 }
      deepslate_diamond_ore: { money: 6.50, experience: 40 }
      emerald_ore: { money: 8.00, experience: 50 }
      deepslate_emerald_ore: { money: 8.50, experience: 50 }
      nether_quartz_ore: { money: 0.60, experience: 6 }
      nether_gold_ore: { money: 0.80, experience: 6 }
      ancient_debris: { money: 20.00, experience: 100 }

  woodcutter:
    name: Woodcutter
    description: Fells trees of every kind, in the Overworld and the Nether.
    daily-cap: 200.00
    levels: { max: 50, first: 100, growth: 1.12, bonus-per-level: 0.02 }
    block-broken:
      oak_log: { money: 0.20, experience: 2 }
      spruce_log: { money: 0.20, experience: 2 }
      birch_log: { money: 0.20, experience: 2 }
      jungle_log: { money: 0.25, experience: 2 }
      acacia_log: { money: 0.25, experience: 2 }
      dark_oak_log: { money: 0.25, experience: 2 }
      mangrove_log: { money: 0.30, experience: 3 }
      cherry_log: { money: 0.30, experience: 3 }
      pale_oak_log: { money: 0.30, experience: 3 }
      crimson_stem: { money: 0.35, experience: 3 }
      warped_stem: { money: 0.35, experience: 3 }

  digger:
    name: Digger
    description: Shovels dirt, sand, gravel and clay.
    daily-cap: 150.00
    levels: { max: 50, first: 100, growth: 1.12, bonus-per-level: 0.02 }
    block-broken:
      dirt: { money: 0.03, experience: 1 }
      grass_block: { money: 0.04, experience: 1 }
      coarse_dirt: { money: 0.04, experience: 1 }
      podzol: { money: 0.05, experience: 1 }
      mycelium: { money: 0.06, experience: 1 }
      rooted_dirt: { money: 0.05, experience: 1 }
      mud: { money: 0.05, experience: 1 }
      sand: { money: 0.04, experience: 1 }
      red_sand: { money: 0.05, experience: 1 }
      gravel: { money: 0.05, experience: 1 }
      clay: { money: 0.15, experience: 2 }
      soul_sand: { money: 0.08, experience: 1 }
      soul_soil: { money: 0.08, experience: 1 }
      snow_block: { money: 0.04, experience: 1 }

  farmer:
    name: Farmer
    description: Harvests crops and plants that grow on their own.
    daily-cap: 150.00
    levels: { max: 50, first: 100, growth: 1.12, bonus-per-level: 0.02 }
    # Crops a player planted are placed blocks: they pay when found grown
    # in the wild. Melons, pumpkins, cane, cactus, bamboo and kelp grow new
    # blocks of their own, which pay.
    block-broken:
      wheat: { money: 0.10, experience: 1 }
      carrots: { money: 0.10, experience: 1 }
      potatoes: { money: 0.10, experience: 1 }
      beetroots: { money: 0.10, experience: 1 }
      nether_wart: { money: 0.15, experience: 2 }
      cocoa: { money: 0.15, experience: 2 }
      sweet_berry_bush: { money: 0.10, experience: 1 }
      melon: { money: 0.30, experience: 3 }
      pumpkin: { money: 0.30, experience: 3 }
      sugar_cane: { money: 0.08, experience: 1 }
      cactus: { money: 0.08, experience: 1 }
      bamboo: { money: 0.03, experience: 1 }
      kelp_plant: { money: 0.03, experience: 1 }

  hunter:
    name: Hunter
    description: Hunts hostile mobs, and animals for food.
    daily-cap: 300.00
    levels: { max: 50, first: 100, growth: 1.12, bonus-per-level: 0.02 }
    entity-killed:
      zombie: { money: 1.00, experience: 5 }
      husk: { money: 1.10, experience: 5 }
      drowned: { money: 1.20, experience: 6 }
      skeleton: { money: 1.20, experience: 6 }
      stray: { money: 1.30, experience: 6 }
      bogged: { money: 1.30, experience: 6 }
      spider: { money: 1.00, experience: 5 }
      cave_spider: { money: 1.10, experience: 5 }
      creeper: { money: 1.50, experience: 8 }
      enderman: { money: 2.50, experience: 12 }
      witch: { money: 2.50, experience: 12 }
      slime: { money: 0.30, experience: 2 }
      magma_cube: { money: 0.40, experience: 2 }
      phantom: { money: 2.00, experience: 10 }
      silverfish: { money: 0.20, experience: 1 }
      pillager: { money: 2.00, experience: 10 }
      vindicator: { money: 3.00, experience: 15 }
      evoker: { money: 6.00, experience: 30 }
      ravager: { money: 10.00, experience: 50 }
      guardian: { money: 3.00, experience: 15 }
      blaze: { money: 3.00, experience: 15 }
      ghast: { money: 4.00, experience: 20 }
      wither_skeleton: { money: 5.00, experience: 25 }
      hoglin: { money: 2.00, experience: 10 }
      piglin_brute: { money: 5.00, experience: 25 }
      shulker: { money: 4.00, experience: 20 }
      breeze: { money: 4.00, experience: 20 }
      cow: { money: 0.20, experience: 1 }
      pig: { money: 0.20, experience: 1 }
      sheep: { money: 0.20, experience: 1 }
      chicken: { money: 0.15, experience: 1 }
      rabbit: { money: 0.25, experience: 1 }
`;
