import { describeRouteFuzz } from "./route-fuzz";

describeRouteFuzz({ shard: 3, shards: 4 });
