/**
 * The catalogue shipped in shop.yml, used when there is none (the plugin's
 * data folder before an owner writes one). A test keeps shop.yml equal to it.
 */
export const defaultShopFile = `# Gatehouse: the shop's catalogue and its market (shop.yml, beside config.yml).
#
# Prices move with stock: the fewer the market holds, the more an item costs.
# At its target stock an item costs its price; at no stock, e^elasticity times
# that (2.7 times at elasticity 1); with twice the target, 1/e^elasticity. A
# price never goes below its floor or above its ceiling. A purchase of many
# is priced unit by unit along that curve, and a sale too. The market pays
# less than it asks (sell-spread, in percent), at every stock level, so
# buying and selling back always loses money. Between trades, stock drifts
# back toward its target. Amounts are in the currency's units with at most
# two decimals. A mistake stops start-up (or POST /api/admin/shop/reload)
# with the item and the field named. Stock and prices are kept in the store;
# the stock below is where an item starts the first time it appears.

market:
  # How strongly prices follow stock (0: not at all; 1: from 2.7x at no stock
  # to 0.37x at twice the target).
  elasticity: 1.0
  # Every drift-minutes, stock moves drift-percent of the way back to its
  # target (at least one unit).
  drift-minutes: 10
  drift-percent: 10
  # The most units one purchase or sale may move.
  max-quantity: 2304

weekly:
  # Offers each ISO week (Monday to Sunday, UTC), picked from the items for
  # sale by a fixed rule of the week's number, so every instance agrees.
  offers: 5
  # An offer's price is this much off, but never at or below what selling
  # the unit back pays (with a 20% sell-spread, 25 gives about 20): each
  # offer says the discount it gives.
  discount-percent: 25
  # Units of each offer one player may buy in the week.
  limit-per-player: 64

selling:
  # The most a player may earn from sales in a day (UTC); 0: no limit.
  daily-income-cap: 0

deliveries:
  # How often deliveries that did not fit are tried again for players online.
  retry-seconds: 30

# Per item, by its Minecraft id: category, price (at the target stock),
# stock (at first), target-stock, floor and ceiling (default a quarter and
# four times the price), sell-spread (percent, default 20), trade (buy, sell
# or both; default both), and name (default from the id).
items:
  # resources
  coal:
    category: resources
    price: 2.00
    stock: 1024
    target-stock: 1024
  iron_ingot:
    category: resources
    price: 8.00
    stock: 512
    target-stock: 512
  copper_ingot:
    category: resources
    price: 4.00
    stock: 512
    target-stock: 512
  gold_ingot:
    category: resources
    price: 20.00
    stock: 256
    target-stock: 256
  lapis_lazuli:
    category: resources
    price: 5.00
    stock: 512
    target-stock: 512
  quartz:
    category: resources
    price: 4.00
    stock: 512
    target-stock: 512
  emerald:
    category: resources
    price: 60.00
    stock: 128
    target-stock: 128
  diamond:
    category: resources
    price: 100.00
    stock: 128
    target-stock: 128
  netherite_ingot:
    category: resources
    price: 2000.00
    stock: 8
    target-stock: 8
  oak_log:
    category: resources
    price: 1.50
    stock: 1024
    target-stock: 1024
  spruce_log:
    category: resources
    price: 1.50
    stock: 1024
    target-stock: 1024
  birch_log:
    category: resources
    price: 1.50
    stock: 1024
    target-stock: 1024
  wheat:
    category: resources
    price: 1.00
    stock: 1024
    target-stock: 1024
  sugar_cane:
    category: resources
    price: 1.00
    stock: 1024
    target-stock: 1024
  string:
    category: resources
    price: 1.50
    stock: 512
    target-stock: 512
  leather:
    category: resources
    price: 3.00
    stock: 256
    target-stock: 256
  slime_ball:
    category: resources
    price: 5.00
    stock: 256
    target-stock: 256
  ender_pearl:
    category: resources
    price: 15.00
    stock: 128
    target-stock: 128
  blaze_rod:
    category: resources
    price: 20.00
    stock: 128
    target-stock: 128
  gunpowder:
    category: resources
    price: 4.00
    stock: 256
    target-stock: 256

  # blocks
  cobblestone:
    category: blocks
    price: 0.25
    stock: 4096
    target-stock: 4096
  stone:
    category: blocks
    price: 0.50
    stock: 2048
    target-stock: 2048
  dirt:
    category: blocks
    price: 0.20
    stock: 2048
    target-stock: 2048
  sand:
    category: blocks
    price: 0.40
    stock: 2048
    target-stock: 2048
  gravel:
    category: blocks
    price: 0.40
    stock: 2048
    target-stock: 2048
  glass:
    category: blocks
    price: 1.00
    stock: 1024
    target-stock: 1024
  oak_planks:
    category: blocks
    price: 0.50
    stock: 2048
    target-stock: 2048
  bricks:
    category: blocks
    price: 2.00
    stock: 1024
    target-stock: 1024
  obsidian:
    category: blocks
    price: 15.00
    stock: 256
    target-stock: 256
  white_wool:
    category: blocks
    price: 2.00
    stock: 512
    target-stock: 512

  # tools
  iron_pickaxe:
    category: tools
    price: 40.00
    stock: 32
    target-stock: 32
    trade: buy
  diamond_pickaxe:
    category: tools
    price: 400.00
    stock: 8
    target-stock: 8
    trade: buy
  iron_sword:
    category: tools
    price: 35.00
    stock: 32
    target-stock: 32
    trade: buy
  bow:
    category: tools
    price: 20.00
    stock: 32
    target-stock: 32
    trade: buy
  shears:
    category: tools
    price: 15.00
    stock: 32
    target-stock: 32
    trade: buy
  fishing_rod:
    category: tools
    price: 12.00
    stock: 32
    target-stock: 32
    trade: buy
  bucket:
    category: tools
    price: 25.00
    stock: 64
    target-stock: 64

  # food
  bread:
    category: food
    price: 3.00
    stock: 512
    target-stock: 512
  cooked_beef:
    category: food
    price: 5.00
    stock: 512
    target-stock: 512
  apple:
    category: food
    price: 2.00
    stock: 512
    target-stock: 512
  baked_potato:
    category: food
    price: 3.00
    stock: 512
    target-stock: 512
  golden_carrot:
    category: food
    price: 15.00
    stock: 128
    target-stock: 128

  # redstone
  redstone:
    category: redstone
    price: 3.00
    stock: 1024
    target-stock: 1024
  repeater:
    category: redstone
    price: 8.00
    stock: 128
    target-stock: 128
  comparator:
    category: redstone
    price: 15.00
    stock: 64
    target-stock: 64
  piston:
    category: redstone
    price: 12.00
    stock: 128
    target-stock: 128
  observer:
    category: redstone
    price: 15.00
    stock: 128
    target-stock: 128
  hopper:
    category: redstone
    price: 45.00
    stock: 64
    target-stock: 64
  lever:
    category: redstone
    price: 1.00
    stock: 256
    target-stock: 256
  redstone_lamp:
    category: redstone
    price: 10.00
    stock: 128
    target-stock: 128
`;
