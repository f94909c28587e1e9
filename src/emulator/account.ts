/**
 * The emulated account: the store with each area's model, and the links between areas given to
 * the models that need them (a subnet is in use by the interfaces and databases in it; a database
 * joins a subnet). A model knows only the store and what it is given; the views, routes and the
 * app read the account.
 */
import { ComputeModel } from "./computes/model.js";
import { DatabaseModel } from "./databases/model.js";
import { privateNetworkLink } from "./databases/private-network.js";
import { Store } from "./store.js";
import { VpcModel } from "./vpcs/model.js";
import { subnetInUse } from "./vpcs/subnet-users.js";

/** The store with the models of VPCs, compute instances and databases. */
export class Account extends Store {
  readonly vpcs = new VpcModel(this, (subnet) => subnetInUse(this, subnet));
  readonly computes = new ComputeModel(this);
  readonly databases = new DatabaseModel(this, privateNetworkLink(this));
}
