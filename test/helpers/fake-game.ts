import { EventEmitter } from 'node:events';
import { requireCapability } from '../../src/game/capabilities.js';
import type { Capabilities, Capability, CodeCommand, CodeCommandHandler, GameEventName, GameEvents, GamePort, OnlinePlayer, PlayerCommand } from '../../src/game/port.js';

/**
 * A game port double for unit tests of services, which are about the
 * service's rules, not the game. Everything that talks to a real game runs
 * against the embedded server in test/contracts and test/e2e.
 */
export class FakeGame implements GamePort {
  readonly adapterName = 'fake';
  readonly events = new EventEmitter<GameEvents>();
  readonly emits = new Set<GameEventName>(['join', 'quit', 'loginRefused']);
  connected = true;
  /** What each code command answers, as the features registered it. */
  readonly codeHandlers = new Map<CodeCommand, CodeCommandHandler>();
  private readonly ops = new Set<string>();
  readonly operators = {
    isOperator: async (name: string) => this.ops.has(name.toLowerCase()),
    list: async () => [...this.ops].map((name) => ({ name, uuid: '' })),
    setOperator: async (name: string, operator: boolean) => {
      const had = this.ops.has(name.toLowerCase());
      if (operator) this.ops.add(name.toLowerCase());
      else this.ops.delete(name.toLowerCase());
      return had !== operator;
    },
  };

  /** The capabilities a test gives the double; it has none by default. */
  readonly capabilities: Partial<Capabilities> = {};

  capability<C extends Capability>(name: C): Capabilities[C] | undefined {
    return this.capabilities[name];
  }
  require<C extends Capability>(name: C): Capabilities[C] {
    return requireCapability(this, name);
  }
  describeForOwner(): string[] {
    return [];
  }
  serverSoftware() {
    return { software: 'fake', version: '1.21.4' };
  }

  async start(): Promise<void> {}
  async stop(): Promise<void> {}
  isConnected(): boolean {
    return this.connected;
  }
  codeCommand(name: CodeCommand): string {
    return `/${name}`;
  }
  onCodeCommand(name: CodeCommand, handler: CodeCommandHandler): void {
    this.codeHandlers.set(name, handler);
  }
  readonly playerCommands: PlayerCommand[] = [];
  addPlayerCommand(command: PlayerCommand): void {
    this.playerCommands.push(command);
  }
  /** Who a test says is online. */
  readonly online: OnlinePlayer[] = [];
  async onlinePlayers(): Promise<OnlinePlayer[]> {
    return this.online.map((player) => ({ ...player }));
  }

  /** A player comes online (and the join event is emitted). */
  join(name: string, uuid: string): void {
    this.online.push({ name, uuid, ipAddress: '127.0.0.1', location: { world: 'world', x: 0, y: 64, z: 0 }, gameMode: 'survival', ping: 0 });
    this.events.emit('join', { player: { name, uuid }, ipAddress: '127.0.0.1' });
  }

  quit(name: string): void {
    const index = this.online.findIndex((player) => player.name === name);
    if (index < 0) return;
    const [player] = this.online.splice(index, 1);
    this.events.emit('quit', { player: { name: player!.name, uuid: player!.uuid }, ipAddress: '127.0.0.1' });
  }
}
